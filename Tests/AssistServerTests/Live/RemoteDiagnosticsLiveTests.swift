import AssistCore
import AssistServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@Suite("Live server: the app's diagnostic lines (remoteLoggingEnabled)")
struct RemoteDiagnosticsLiveTests {
    private static func configuration(server: String, remoteLogging: Bool) throws -> Configuration {
        var configuration = Configuration()
        configuration.server = URL(string: server)
        configuration.destination = "support"
        configuration.remoteLoggingEnabled = remoteLogging
        return configuration
    }

    /// The value of `assist_diagnostic_lines_total` on the server at `url`.
    private static func diagnosticLines(_ url: String) async throws -> Int {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: url + "/metrics")))
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
            .first { $0.hasPrefix("assist_diagnostic_lines_total ") }
        return Int(try #require(line?.split(separator: " ").last)) ?? -1
    }

    @Test(
        "the client sends its session's diagnostic lines only with remoteLoggingEnabled",
        arguments: [true, false])
    func linesReachTheServerOnlyWithTheKey(remoteLogging: Bool) async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let client = try SupportClient(
                configuration: try Self.configuration(server: url, remoteLogging: remoteLogging),
                submission: PrechatSubmission(answers: [], visitorName: "Ada"))
            let probe = ConsumerClientProbe(client)
            try await client.start()
            await client.send("a sentence that must never reach a log")
            await client.endSupport()
            try await probe.waitForConnection("the connection ended") { events in
                events.contains { if case .terminated = $0 { true } else { false } }
            }
            await client.diagnosticsUploaded()
            let received = try await Self.diagnosticLines(url)
            if remoteLogging {
                #expect(received >= 2, "connected and connection ended, at least")
            } else {
                #expect(received == 0)
            }
        }
    }

    @Test("an upload without a session's resume token is refused with 401, a malformed one with 400")
    func refusals() async throws {
        let app = try await SupportServer.makeApplication(settings: try TestServer.settings(), logger: Logger(label: "test"))
        try await app.test(.live) { client in
            let line = #"{"lines":[{"at":1,"level":"info","message":"connected"}]}"#
            let anonymous = try await client.execute(
                uri: DiagnosticUploader.path, method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: line))
            #expect(anonymous.status == .unauthorized)

            let url = "http://127.0.0.1:\(try #require(client.port))"
            let (_, welcome) = try await TestServer.consumer(url)
            let authorized: HTTPFields = [.authorization: "Bearer \(welcome.resumeToken.rawValue)"]
            let accepted = try await client.execute(
                uri: DiagnosticUploader.path, method: .post, headers: authorized, body: ByteBuffer(string: line))
            #expect(accepted.status == .noContent)
            for bad in [
                #"{"lines":[]}"#, #"{"lines":[{"at":1,"level":"loud","message":"x"}]}"#,
                #"{"lines":[{"at":1,"level":"info","message":""}]}"#, "not json",
            ] {
                let refused = try await client.execute(
                    uri: DiagnosticUploader.path, method: .post, headers: authorized, body: ByteBuffer(string: bad))
                #expect(refused.status == .badRequest, "\(bad)")
                #expect(String(buffer: refused.body).contains("invalidDiagnostics"))
            }
        }
    }
}
