import Foundation

#if FUZZING
import CLibFuzzer
#endif

/// The `main` of every harness. Built with `-D FUZZING` (and
/// `-sanitize=fuzzer`) it hands the command line to libFuzzer; built
/// normally it runs the harness once on every file named on the command
/// line, walking directories, so a normal build checks the seed corpus and
/// the kept regressions.
public enum FuzzMain {
    /// libFuzzer's per-input callback, as `LLVMFuzzerTestOneInput`.
    public typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer with `callback`, or replays the files in the arguments
    /// through it; exits 2 when there are none or a path does not exist. A
    /// property that does not hold traps.
    public static func run(_ name: String, _ callback: Callback) -> Never {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
        #else
        replay(name, callback)
        #endif
    }

    private static func replay(_ name: String, _ callback: Callback) -> Never {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else { fail("usage: \(name) FILE_OR_DIRECTORY...") }
        var count = 0
        for path in paths {
            guard let files = files(at: path) else { fail("\(name): no such file or directory: \(path)") }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { fail("\(name): cannot read \(file)") }
                _ = Array(data).withUnsafeBufferPointer { callback($0.baseAddress, $0.count) }
                count += 1
            }
        }
        print("\(name): \(count) inputs replayed, every property held")
        exit(0)
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        exit(2)
    }

    /// The regular files at `path`, sorted: the file itself, or every file
    /// below a directory. `nil` when nothing is there.
    private static func files(at path: String) -> [String]? {
        guard let pathKind = kind(of: path) else { return nil }
        guard pathKind == .directory else { return [path] }
        let names = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        return names.sorted().map { "\(path)/\($0)" }.filter { kind(of: $0) == .regular }
    }

    private enum Kind { case regular, directory }

    private static func kind(of path: String) -> Kind? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue ? .directory : .regular
    }
}
