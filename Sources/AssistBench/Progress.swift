import Foundation

/// Progress lines on standard error while the load benchmark runs.
enum Progress {
    /// Writes `message` as one line.
    static func say(_ message: String) {
        FileHandle.standardError.write(Data("assist-bench: \(message)\n".utf8))
    }
}
