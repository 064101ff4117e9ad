import Foundation

/// Finds executables SwiftPM built next to the test bundle.
enum TestBinaries {
    /// The URL of the executable product or target `name` in the build's bin folder.
    static func url(of name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0])
            .deletingLastPathComponent()
            .appendingPathComponent(name)
    }
}
