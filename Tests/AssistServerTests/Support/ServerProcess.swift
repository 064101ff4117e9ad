import Foundation

/// The real `assist-server` binary, run as a child process, so a test can
/// `kill -9` it and start it again on the same database.
final class ServerProcess: Sendable {
    private let process: Process
    /// The URL the server printed on its first line.
    let url: String

    private init(process: Process, url: String) {
        self.process = process
        self.url = url
    }

    /// Starts the server built next to the test bundle and waits for its URL.
    static func start(arguments: [String]) async throws -> ServerProcess {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("assist-server")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--host", "127.0.0.1", "--port", "0", "--log-level", "warning"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
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
        guard let url = line.split(separator: "\n").first.flatMap({ $0.split(separator: " ").last }), line.hasPrefix("listening on ")
        else {
            process.terminate()
            throw ServerProcessError.noURL(line)
        }
        return ServerProcess(process: process, url: String(url))
    }

    /// Kills the server with SIGKILL — no shutdown, no flushing — and waits for it.
    func killHard() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops the server politely.
    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// Why a server process could not be used.
enum ServerProcessError: Error {
    case noURL(String)
}
