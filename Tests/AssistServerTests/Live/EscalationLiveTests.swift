import AssistCore
import AssistServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@Suite("Live server: joining by short code")
struct EscalationLiveTests {
    /// A code created and redeemed by the consumer over HTTP: its session token.
    private static func redeemedToken(_ client: some TestClientProtocol) async throws -> String {
        let created = try await client.execute(uri: "/assistserver/shortcode/create", method: .put)
        let code = try JSONDecoder().decode([String: String].self, from: Data(String(buffer: created.body).utf8))
        let redeemed = try await client.execute(
            uri: "/assistserver/shortcode/consumer?appkey=\(try #require(code["shortCode"]))", method: .get)
        let grant = try JSONDecoder().decode([String: String].self, from: Data(String(buffer: redeemed.body).utf8))
        return try #require(grant["session-token"])
    }

    @Test("a session token opens one session: a second hello with it gets an error frame and 1008")
    func tokenOpensOneSession() async throws {
        let app = try await SupportServer.makeApplication(settings: try TestServer.settings(), logger: Logger(label: "test"))
        try await app.test(.live) { client in
            let url = "http://127.0.0.1:\(try #require(client.port))"
            let token = try await Self.redeemedToken(client)
            let first = ConsumerPeer(server: url, path: "/v1/consumer")
            try await first.sendHandshake(.hello(ConsumerHello(destination: nil, sessionToken: token)))
            _ = try await first.expect("welcome") { if case .welcome(let w) = $0 { w } else { nil } }

            let second = ConsumerPeer(server: url, path: "/v1/consumer")
            try await second.sendHandshake(.hello(ConsumerHello(destination: nil, sessionToken: token)))
            let report = try await second.expect("error") { if case .error(let r) = $0 { r } else { nil } }
            #expect(report.code == .notAllowed)
            #expect(report.message.contains("already opened"))
            #expect(try await second.closeCode() == 1008)
        }
    }
}
