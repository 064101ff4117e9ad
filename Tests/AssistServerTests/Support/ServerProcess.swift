import Foundation
import Synchronization

/// The real `assist-server` binary, run as a child process, so a test can
/// `kill -9` it and start it again on the same database.
///
/// Nothing here blocks a thread of Swift's cooperative pool: on a 2-core
/// machine that pool has two threads, and two tests blocked in
/// `Process.waitUntilExit()` would starve the very WebSocket clients the
/// servers are waiting on to close.
final class ServerProcess: Sendable {
    /// How long a server may take to print its URL.
    static let startTimeout: Duration = .seconds(30)
    /// How long a server may take to exit after SIGTERM: its own shutdown
    /// bound (`--shutdown-timeout`, 10 s by default) plus slack for a busy machine.
    static let stopTimeout: Duration = .seconds(20)

    private let process: Process
    private let exit: ExitWatch
    /// The URL the server printed on its first line.
    let url: String

    private init(process: Process, exit: ExitWatch, url: String) {
        self.process = process
        self.exit = exit
        self.url = url
    }

    /// A server still running when its test lets go of it (the test threw
    /// before stopping it) is killed, so no test leaves a server behind.
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
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
        let exit = ExitWatch()
        process.terminationHandler = { process in
            let status = process.terminationStatus
            Task { await exit.exited(status) }
        }
        let firstLine = FirstLineReader(output.fileHandleForReading)
        try process.run()
        let line = await firstLine.line(within: startTimeout)
        guard let line, line.hasPrefix("listening on "), let url = line.split(separator: " ").last else {
            kill(process.processIdentifier, SIGKILL)
            await exit.wait(upTo: nil)
            throw ServerProcessError.noURL(line ?? "nothing within \(startTimeout)")
        }
        return ServerProcess(process: process, exit: exit, url: String(url))
    }

    /// Starts a server, runs `body` with it, and stops it afterwards — also
    /// when `body` throws. A server that ignores SIGTERM fails the test.
    static func run<T: Sendable>(
        arguments: [String], _ body: (ServerProcess) async throws -> T
    ) async throws -> T {
        let server = try await start(arguments: arguments)
        let result: Result<T, any Error>
        do {
            result = .success(try await body(server))
        } catch {
            result = .failure(error)
        }
        try await server.stop()
        return try result.get()
    }

    /// Kills the server with SIGKILL — no shutdown, no flushing — and waits for it.
    func killHard() async {
        kill(process.processIdentifier, SIGKILL)
        await exit.wait(upTo: nil)
    }

    /// Pauses the server with SIGSTOP, as a stalled machine or a long
    /// garbage-collection pause would: its sockets stay open, it runs no code.
    func pause() {
        kill(process.processIdentifier, SIGSTOP)
    }

    /// Lets a paused server run again (SIGCONT).
    func resume() {
        kill(process.processIdentifier, SIGCONT)
    }

    /// Stops the server politely with SIGTERM (a paused one is let run to
    /// hear it) and waits for it to exit. Returns its exit status.
    ///
    /// - Throws: ``ServerProcessError/ignoredTermination`` when it is still
    ///   running after ``stopTimeout``; it is then killed with SIGKILL.
    @discardableResult
    func stop() async throws -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        kill(process.processIdentifier, SIGCONT)
        if await exit.wait(upTo: Self.stopTimeout), let status = await exit.status { return status }
        await killHard()
        throw ServerProcessError.ignoredTermination(after: Self.stopTimeout)
    }
}

/// Why a server process could not be used.
enum ServerProcessError: Error, CustomStringConvertible {
    case noURL(String)
    case ignoredTermination(after: Duration)

    var description: String {
        switch self {
        case .noURL(let line): "the server did not print its URL first: \(line)"
        case .ignoredTermination(let after): "the server was still running \(after) after SIGTERM"
        }
    }
}

/// Learns of a child process's exit without blocking a thread (servers,
/// nginx, openssl).
actor ExitWatch {
    /// The exit status, once the process has exited.
    private(set) var status: Int32?
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0

    func exited(_ status: Int32) {
        self.status = status
        for waiter in waiters.values { waiter.resume(returning: true) }
        waiters = [:]
    }

    /// Whether the process exited within `timeout` (`nil`: however long it takes).
    @discardableResult
    func wait(upTo timeout: Duration?) async -> Bool {
        if status != nil { return true }
        nextWaiter += 1
        let id = nextWaiter
        return await withCheckedContinuation { continuation in
            waiters[id] = continuation
            if let timeout {
                Task {
                    try? await Task.sleep(for: timeout)
                    self.expire(id)
                }
            }
        }
    }

    private func expire(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(returning: false)
    }
}

/// Reads a pipe until its first line on a Foundation reader thread, never
/// on the cooperative pool.
private final class FirstLineReader: Sendable {
    private struct State {
        var bytes = Data()
        var line: String?
        var finished = false
        var waiter: CheckedContinuation<String?, Never>?
    }

    private let handle: FileHandle
    private let state = Mutex(State())

    init(_ handle: FileHandle) {
        self.handle = handle
        handle.readabilityHandler = { [weak self] handle in
            self?.received(handle.availableData)
        }
    }

    /// The first line, without its newline; `nil` when the pipe closed or
    /// `timeout` passed first.
    func line(within timeout: Duration) async -> String? {
        let timer = Task {
            try? await Task.sleep(for: timeout)
            self.finish(with: nil)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let ready: String?? = state.withLock { state in
                if state.finished { return .some(state.line) }
                state.waiter = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    private func received(_ chunk: Data) {
        guard !chunk.isEmpty else {
            finish(with: nil)
            return
        }
        let line: String? = state.withLock { state in
            state.bytes.append(chunk)
            guard let newline = state.bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            return String(decoding: state.bytes[..<newline], as: UTF8.self)
        }
        if let line { finish(with: line) }
    }

    private func finish(with line: String?) {
        let (first, waiter) = state.withLock { state -> (Bool, CheckedContinuation<String?, Never>?) in
            guard !state.finished else { return (false, nil) }
            state.finished = true
            state.line = line
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        if first { handle.readabilityHandler = nil }
        waiter?.resume(returning: line)
    }
}
