import AssistCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Hands template mode to the program that has the web view
/// (`assist-desktop-web`), installed in the same folder as the running one:
/// the process becomes that program, with the same arguments and
/// environment, before any window exists.
public enum TemplateModeProgram {
    /// Why the process could not become the sibling program.
    public struct Failure: Error, Sendable, Equatable {
        /// The program's path that was tried.
        public let path: String
        /// `errno` of the failed `execv`.
        public let code: Int32

        /// The sentence the start page shows: what is missing, where, and
        /// the two ways out.
        public var message: String {
            if code == ENOENT {
                return localized(
                    "Template mode (chatTemplateURL) needs the program {program}, which is not installed in {folder}. Install the assist-web package, or remove chatTemplateURL from the settings to use the app's own chat.",
                    ["program": (path as NSString).lastPathComponent, "folder": (path as NSString).deletingLastPathComponent])
            }
            return localized(
                "Template mode (chatTemplateURL) needs the program {program}, which could not be started: {reason}.",
                ["program": path, "reason": String(cString: strerror(code))])
        }
    }

    /// The path of `name` in the folder of the running program's file
    /// (`/proc/self/exe`, so symbolic links to the program do not matter).
    public static func siblingPath(named name: String) -> String {
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return ((running as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
    }

    /// Replaces this process with the program at `path`, giving it
    /// `arguments` (without the program name) and this environment. Returns
    /// only when that failed.
    public static func become(programAt path: String, arguments: [String]) -> Failure {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        execv(path, argv)
        return Failure(path: path, code: errno)
    }
}
