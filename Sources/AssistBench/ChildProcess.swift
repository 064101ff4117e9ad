import Foundation

/// A server run as a child process for the load benchmark: started with
/// its standard error going to a log file, known by the URL it prints as
/// the first line of standard output (`listening on URL`) or by the port it
/// was told to listen on, always stopped.
final class ChildProcess: Sendable {
    /// The URL the child printed, or the one it was started to listen on.
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
        let output = Pipe()
        let process = try launch(executable, arguments: arguments, logFile: logFile, standardOutput: output)
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

    /// Starts `executable`, told by its `arguments` to listen on 127.0.0.1
    /// at `port` (known to clients as `url`), and waits up to `timeout` for
    /// that port to accept connections. Its standard output goes to the log too.
    static func start(
        _ executable: URL, arguments: [String], logFile: URL, listeningOn port: Int, url: String,
        timeout: Duration = .seconds(30)
    ) async throws -> ChildProcess {
        let process = try launch(executable, arguments: arguments, logFile: logFile, standardOutput: nil)
        let child = ChildProcess(process: process, url: url, logFile: logFile)
        let listening = await Polling.wait(upTo: timeout) { LoopbackPort.isAccepting(port) || !process.isRunning }
        guard listening, process.isRunning else {
            await child.stop()
            throw ChildProcessError.notListening(executable: executable.lastPathComponent, port: port, log: child.logTail)
        }
        return child
    }

    /// Runs `executable` with its standard error, and its standard output
    /// unless `standardOutput` is given, going to `logFile`.
    private static func launch(
        _ executable: URL, arguments: [String], logFile: URL, standardOutput: Pipe?
    ) throws -> Process {
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let log = try FileHandle(forWritingTo: logFile)
        process.standardOutput = standardOutput ?? log
        process.standardError = log
        try process.run()
        return process
    }

    /// Stops the child: SIGTERM, then SIGKILL if it is still running after `grace`.
    func stop(grace: Duration = .seconds(10)) async {
        guard process.isRunning else { return }
        process.terminate()
        let stopped = await Polling.wait(upTo: grace) { !process.isRunning }
        if !stopped { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Kills the child with SIGKILL, as when its machine dies, and waits for it to end.
    func killHard() async {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        await Polling.wait(upTo: .seconds(10)) { !process.isRunning }
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
    /// The child ended, or its port did not accept connections in time.
    case notListening(executable: String, port: Int, log: String)

    /// One sentence for the terminal.
    var description: String {
        switch self {
        case .noURL(let executable, let output, let log):
            "\(executable) did not report its URL (first output: \"\(output)\"); its log ends with:\n\(log)"
        case .notListening(let executable, let port, let log):
            "\(executable) did not listen on 127.0.0.1:\(port); its log ends with:\n\(log)"
        }
    }
}
