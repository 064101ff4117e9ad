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

    /// Loads `assist.css` from `directory` for the whole display; says on
    /// stderr when there is no data folder or the file cannot be read.
    @MainActor
    static func loadStyleSheet(from directory: URL?) {
        guard let directory else {
            FileHandle.standardError.write(Data("assist-desktop: data files not found; set ASSIST_DATA_DIR\n".utf8))
            return
        }
        do {
            try StyleSheet.load(path: directory.appendingPathComponent("assist.css").standardizedFileURL.path)
        } catch {
            FileHandle.standardError.write(Data("assist-desktop: \(error.description)\n".utf8))
        }
    }

    /// The app's icon in `directory` as a file, or `nil` when it is not
    /// there. The 192-pixel PNG, so that it stays sharp where the start page
    /// draws it at 96 pixels on a display scaled by two.
    ///
    /// The start page reads the file itself rather than adding the folder to
    /// the icon theme's search path: changing the search path after start
    /// throws away the theme GTK has just loaded, reloads it on the main
    /// thread and restyles every widget, which delayed the first frame.
    static func appIconFile(in directory: URL?) -> String? {
        guard let directory else { return nil }
        let file = directory.appendingPathComponent("icons/hicolor/192x192/apps/dev.assist.Desktop.png")
            .standardizedFileURL.path
        return FileManager.default.isReadableFile(atPath: file) ? file : nil
    }
}
