import AssistGtk
import Foundation

/// Finds the app's data files (`assist.css`, the icon): in
/// `$ASSIST_DATA_DIR`, installed under `../share/assist` next to the binary,
/// or in the source tree's `data/` when run from `.build`.
enum DataFiles {
    /// The first data folder that holds `assist.css`, or `nil`.
    static func directory(environment: [String: String]) -> URL? {
        let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .deletingLastPathComponent()
        var candidates: [URL] = []
        if let configured = environment["ASSIST_DATA_DIR"] { candidates.append(URL(fileURLWithPath: configured)) }
        candidates.append(executable.appendingPathComponent("../share/assist"))
        candidates.append(executable.appendingPathComponent("../../data"))
        candidates.append(executable.resolvingSymlinksInPath().appendingPathComponent("../../../data"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("assist.css").path) }
    }

    /// Loads `assist.css` for the whole display and adds the data folder's
    /// icons to the icon theme; says on stderr when they cannot be found.
    @MainActor
    static func loadStyleSheet(environment: [String: String]) {
        guard let directory = directory(environment: environment) else {
            FileHandle.standardError.write(Data("assist-desktop: data files not found; set ASSIST_DATA_DIR\n".utf8))
            return
        }
        do {
            try StyleSheet.load(path: directory.appendingPathComponent("assist.css").standardizedFileURL.path)
        } catch {
            FileHandle.standardError.write(Data("assist-desktop: \(error.description)\n".utf8))
        }
        IconTheme.addSearchPath(directory.appendingPathComponent("icons").standardizedFileURL.path)
    }
}
