import Foundation

/// A server run as a child process for the load benchmark: started with
/// its standard error going to a log file, known by the URL it prints as
/// the first line of standard output (`listening on URL`), always stopped.
final class ChildProcess: Sendable {
    /// The URL the child printed.
    let url: String
    /// Where the child's standard error goes.
    let logFile: URL
    private let process: Process

    private init(process: Process, url: String, logFile: URL) {
        self.process = process
        self.url = url
        self.logFile = logFile
    }

    /// The child's process id.
    var pid: Int32 { process.processIdentifier }

    /// Whether the child is still running.
    var isRunning: Bool { process.isRunning }

    /// Starts `executable` and waits up to `timeout` for its `listening on URL` line.
    static func start(
        _ executable: URL, arguments: [String], logFile: URL, timeout: Duration = .seconds(30)
    ) async throws -> ChildProcess {
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        let pid = process.processIdentifier
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            kill(pid, SIGKILL)
        }
        let reader = output.fileHandleForReading
        let line = await Task.detached { () -> String in
            var bytes = Data()
            while !bytes.contains(UInt8(ascii: "\n")) {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            return String(decoding: bytes, as: UTF8.self)
        }.value
        watchdog.cancel()
        let first = line.split(separator: "\n").first.map(String.init) ?? ""
        let prefix = "listening on "
        guard first.hasPrefix(prefix) else {
            let child = ChildProcess(process: process, url: "", logFile: logFile)
            await child.stop()
            throw ChildProcessError.noURL(executable: executable.lastPathComponent, output: first, log: child.logTail)
        }
        return ChildProcess(process: process, url: String(first.dropFirst(prefix.count)), logFile: logFile)
    }

    /// Stops the child: SIGTERM, then SIGKILL if it is still running after `grace`.
    func stop(grace: Duration = .seconds(10)) async {
        guard process.isRunning else { return }
        process.terminate()
        let stopped = await Polling.wait(upTo: grace) { !process.isRunning }
        if !stopped { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The last lines of the child's log, for error messages.
    var logTail: String {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(5).joined(separator: "\n")
    }
}

/// Why a child process could not be used.
enum ChildProcessError: Error, CustomStringConvertible {
    /// The child did not print `listening on URL` first.
    case noURL(executable: String, output: String, log: String)

    /// One sentence for the terminal.
    var description: String {
        switch self {
        case .noURL(let executable, let output, let log):
            "\(executable) did not report its URL (first output: \"\(output)\"); its log ends with:\n\(log)"
        }
    }
}
