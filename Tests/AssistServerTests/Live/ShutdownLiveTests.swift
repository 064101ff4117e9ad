import Foundation
import Testing

@Suite("Live server: shutting down")
struct ShutdownLiveTests {
    /// Runs `body` with a server whose shutdown is bounded to 1 s
    /// (`--shutdown-timeout`), on a database in a folder removed afterwards;
    /// `body` stops the server and gets its port.
    private static func withServer(_ body: (ServerProcess, _ port: Int) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-shutdown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await ServerProcess.start(arguments: [
            "--database", folder.appendingPathComponent("assist.sqlite").path, "--shutdown-timeout", "1",
        ])
        try await body(server, try #require(URL(string: server.url)?.port))
    }

    @Test("SIGTERM ends the server within --shutdown-timeout even while a stalled client never closes")
    func stalledClientCannotHoldShutdown() async throws {
        try await Self.withServer { server, port in
            let stalled = try StalledSocket(port: port, path: "/v1/consumer")
            try await Task.sleep(for: .milliseconds(200))

            let clock = ContinuousClock()
            let started = clock.now
            let status = try await server.stop()
            let took = clock.now - started

            #expect(took < .seconds(10), "the shutdown took \(took) although its bound is 1 s")
            #expect(status == 0)
            withExtendedLifetime(stalled) {}
        }
    }

    @Test(
        "SIGTERM ends the server with status 0 while a connection has sent no request, or half of one",
        arguments: ["", "GET /v1/consumer HTTP/1.1\r\nHost: 127.0.0.1\r\n"])
    func unfinishedRequestsCannotHoldShutdown(sent: String) async throws {
        try await Self.withServer { server, port in
            let unfinished = try StalledSocket(port: port, sending: sent)
            try await Task.sleep(for: .milliseconds(200))

            let status = try await server.stop()

            #expect(status == 0, "a connection waiting for its first request made the shutdown fail")
            withExtendedLifetime(unfinished) {}
        }
    }
}
