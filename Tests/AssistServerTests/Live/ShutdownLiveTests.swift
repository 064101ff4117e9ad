import Foundation
import Testing

@Suite("Live server: shutting down")
struct ShutdownLiveTests {
    @Test("SIGTERM ends the server within --shutdown-timeout even while a stalled client never closes")
    func stalledClientCannotHoldShutdown() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-shutdown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await ServerProcess.start(arguments: [
            "--database", folder.appendingPathComponent("assist.sqlite").path, "--shutdown-timeout", "1",
        ])
        let port = try #require(URL(string: server.url)?.port)
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

    @Test(
        "SIGTERM ends the server with status 0 while a connection has sent no request, or half of one",
        arguments: ["", "GET /v1/consumer HTTP/1.1\r\nHost: 127.0.0.1\r\n"])
    func unfinishedRequestsCannotHoldShutdown(sent: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-shutdown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await ServerProcess.start(arguments: [
            "--database", folder.appendingPathComponent("assist.sqlite").path, "--shutdown-timeout", "1",
        ])
        let port = try #require(URL(string: server.url)?.port)
        let unfinished = try StalledSocket(port: port, sending: sent)
        try await Task.sleep(for: .milliseconds(200))

        let status = try await server.stop()

        #expect(status == 0, "a connection waiting for its first request made the shutdown fail")
        withExtendedLifetime(unfinished) {}
    }
}
