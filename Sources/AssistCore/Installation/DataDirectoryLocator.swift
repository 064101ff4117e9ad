import Foundation

/// Finds the desktop app's data folder (`assist.css`, the icons, the sample
/// configuration) wherever the app was installed or built.
///
/// The folders are tried in this order, and the first one holding
/// ``markerFile`` wins:
/// 1. ``environmentVariable`` (`ASSIST_DATA_DIR`), when set and not empty:
///    an override for a person who keeps the data elsewhere. A folder that
///    holds no ``markerFile`` is reported in ``Location/ignoredOverride``
///    and the search goes on.
/// 2. `../share/assist` beside the running executable, symbolic links
///    resolved: the layout `./build.sh install PREFIX` and the Debian
///    package make (`PREFIX/bin/assist-desktop`, `PREFIX/share/assist`), so
///    an installed app finds its data under any prefix.
/// 3. `data/` in a folder above the executable: a build inside the source
///    tree (`.build/x86_64-unknown-linux-gnu/debug/assist-desktop`).
///
/// Nothing found is not an error: the app then starts with GTK's own style
/// and its icon from the icon theme.
public enum DataDirectoryLocator {
    /// The environment variable that names the data folder, ahead of every
    /// other place.
    public static let environmentVariable = "ASSIST_DATA_DIR"

    /// The file whose presence makes a folder the data folder.
    public static let markerFile = "assist.css"

    /// Where the data is, if anywhere, and an override that did not hold it.
    public struct Location: Sendable, Equatable {
        /// The data folder (absolute, standardized), or `nil` when no
        /// candidate holds ``DataDirectoryLocator/markerFile``.
        public let directory: String?

        /// The `ASSIST_DATA_DIR` value that was set but holds no
        /// ``DataDirectoryLocator/markerFile``; `nil` when it was unset or used.
        public let ignoredOverride: String?
    }

    /// Finds the data folder for the running process.
    public static func locate() -> Location {
        locate(
            environment: ProcessInfo.processInfo.environment,
            executablePath: currentExecutablePath(),
            isFile: { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            })
    }

    /// Finds the data folder from the given facts, in the order the type's
    /// documentation gives.
    ///
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - executablePath: the running executable with symbolic links
    ///     resolved; `nil` skips the places relative to it.
    ///   - isFile: whether a regular file exists at an absolute path.
    public static func locate(
        environment: [String: String], executablePath: String?, isFile: (String) -> Bool
    ) -> Location {
        var ignoredOverride: String?
        if let override = environment[environmentVariable], !override.isEmpty {
            let folder = standardized(override)
            if holdsMarker(folder, isFile: isFile) {
                return Location(directory: folder, ignoredOverride: nil)
            }
            ignoredOverride = override
        }
        for folder in executableRelativeCandidates(executablePath) where holdsMarker(folder, isFile: isFile) {
            return Location(directory: folder, ignoredOverride: ignoredOverride)
        }
        return Location(directory: nil, ignoredOverride: ignoredOverride)
    }

    /// `../share/assist` beside the executable, then `data` in the
    /// executable's folder and each folder above it.
    private static func executableRelativeCandidates(_ executablePath: String?) -> [String] {
        guard let executablePath else { return [] }
        let binFolder = URL(fileURLWithPath: executablePath).deletingLastPathComponent().standardizedFileURL
        var candidates = [binFolder.deletingLastPathComponent().appendingPathComponent("share/assist").path]
        var folder = binFolder
        while true {
            candidates.append(folder.appendingPathComponent("data").path)
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { break }
            folder = parent
        }
        return candidates
    }

    private static func holdsMarker(_ folder: String, isFile: (String) -> Bool) -> Bool {
        isFile(folder + "/" + markerFile)
    }

    private static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: absolute).standardizedFileURL.path
    }

    /// The running executable's path with symbolic links resolved (Linux's
    /// `/proc/self/exe`), or `nil` when it cannot be read.
    private static func currentExecutablePath() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }
}
