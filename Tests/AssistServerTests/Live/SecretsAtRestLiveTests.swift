import AssistCore
import AssistServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@Suite("Live server: no token at rest")
struct SecretsAtRestLiveTests {
    /// The JSON object of an HTTP answer.
    private static func object(_ response: TestResponse) throws -> [String: String] {
        try JSONDecoder().decode([String: String].self, from: Data(String(buffer: response.body).utf8))
    }

    @Test("after a session, an agent sign-in, resumes and a short-code redemption, no token a client received is in the database or its WAL")
    func noTokenInTheDatabase() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("assist.sqlite").path
        let app = try await SupportServer.makeApplication(
            settings: try TestServer.settings(databasePath: path), logger: Logger(label: "test"))
        try await app.test(.live) { client in
            let url = "http://127.0.0.1:\(try #require(client.port))"
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = AgentPeer(server: url, path: "/v1/agent")
            try await sam.sendHandshake(.hello(AgentHello(token: TestServer.samToken)))
            let samWelcome = try await sam.expect("agent welcome") { if case .welcome(let w) = $0 { w } else { nil } }
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            try await consumer.send(.chat(clientMessageID: "c-1", text: "hello"))
            _ = try await sam.expect("consumer chat") { if case .chat(_, let m) = $0 { m } else { nil } }

            await consumer.close()
            let resumed = ConsumerPeer(server: url, path: "/v1/consumer", channel: await consumer.channelForResume())
            try await resumed.sendHandshake(
                .resume(ResumeRequest(resumeToken: welcome.resumeToken, lastReceivedSeq: await resumed.channelForResume().lastReceivedSeq)))
            let again = try await resumed.expect("welcome on resume") { if case .welcome(let w) = $0 { w } else { nil } }
            await sam.close()
            let resumedSam = AgentPeer(server: url, path: "/v1/agent", channel: await sam.channelForResume())
            try await resumedSam.sendHandshake(
                .resume(ResumeRequest(resumeToken: samWelcome.resumeToken, lastReceivedSeq: await resumedSam.channelForResume().lastReceivedSeq)))
            let samAgain = try await resumedSam.expect("agent welcome on resume") { if case .welcome(let w) = $0 { w } else { nil } }

            let code = try #require(try Self.object(try await client.execute(uri: "/assistserver/shortcode/create", method: .put))["shortCode"])
            let consumerGrant = try Self.object(
                try await client.execute(uri: "/assistserver/shortcode/consumer?appkey=\(code)", method: .get))
            var headers = HTTPFields()
            headers[.origin] = "ws://127.0.0.1"
            headers[.authorization] = "Bearer \(TestServer.samToken)"
            let agentGrant = try Self.object(
                try await client.execute(uri: "/assistserver/shortcode/agent?appkey=\(code)", method: .get, headers: headers))
            let sessionToken = try #require(consumerGrant["session-token"])
            #expect(agentGrant["session-token"] == sessionToken)
            let escalated = ConsumerPeer(server: url, path: "/v1/consumer")
            try await escalated.sendHandshake(.hello(ConsumerHello(destination: nil, sessionToken: sessionToken)))
            let escalatedWelcome = try await escalated.expect("welcome by short code") { if case .welcome(let w) = $0 { w } else { nil } }

            let secrets = [
                TestServer.samToken, welcome.resumeToken.rawValue, again.resumeToken.rawValue, samWelcome.resumeToken.rawValue,
                samAgain.resumeToken.rawValue, sessionToken, escalatedWelcome.resumeToken.rawValue,
            ]
            let stored = try StoredBytes(databaseAt: path)
            let correlationID = try #require(consumerGrant["cid"])
            let cidPlaces = Set(stored.places(of: correlationID))
            #expect(
                cidPlaces.contains("table short_codes") && !cidPlaces.isDisjoint(with: ["assist.sqlite", "assist.sqlite-wal"]),
                "the scan does not see what is stored: the correlation id is only in \(cidPlaces)")
            for secret in secrets {
                #expect(stored.places(of: secret).isEmpty, "a token the clients received is stored in \(stored.places(of: secret))")
            }
            await resumed.close()
            await resumedSam.close()
            await escalated.close()
        }
    }
}
