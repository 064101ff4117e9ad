import AssistCore
import Foundation
import Testing

/// The app's clients against the shape of a real deployment: the real
/// `assist-server` behind Debian's nginx, which terminates TLS with a
/// self-signed certificate, proxies WebSockets and sets a sticky-session
/// cookie (`acceptSelfSignedCerts`, `useCookies`).
@Suite(
    "Live server behind nginx: certificates and cookies",
    .enabled(if: NginxProxy.isInstalled, "nginx is not installed: `./build.sh deps` installs nginx-light")
)
struct ProxiedServerLiveTests {
    private static let submission = PrechatSubmission(
        answers: [PrechatAnswer(label: "Email", value: "ada@example.com")], visitorName: "Ada")

    private static let certificateSentence =
        "The support server's certificate could not be verified, so the app did not connect; "
        + "a development server with a self-signed certificate needs acceptSelfSignedCerts set to true."

    private static func configuration(
        server: String, acceptSelfSignedCerts: Bool, useCookies: Bool = false
    ) -> Configuration {
        var configuration = Configuration()
        configuration.server = URL(string: server)
        configuration.destination = "support"
        configuration.acceptSelfSignedCerts = acceptSelfSignedCerts
        configuration.useCookies = useCookies
        configuration.initialConnectTimeout = 10
        return configuration
    }

    /// Runs `body` with the real server behind nginx: nginx's URL, and the server's own.
    private static func behindNginx(_ body: (NginxProxy, String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-proxied-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let agentsFile = folder.appendingPathComponent("agents.json")
        try Data(
            #"{"agents":[{"id":"sam","name":"Sam","token":"\#(TestServer.samToken)","capacity":1,"destinations":["support"]}]}"#
                .utf8
        ).write(to: agentsFile)
        let arguments = [
            "--database", ":memory:", "--agents", agentsFile.path, "--allow-origin", "ws://127.0.0.1",
        ]
        try await ServerProcess.run(arguments: arguments) { server in
            try await NginxProxy.run(upstream: server.url) { proxy in try await body(proxy, server.url) }
        }
    }

    @Test("a self-signed certificate is refused with a sentence naming acceptSelfSignedCerts, on the WebSocket and on short-code requests")
    func selfSignedCertificateIsRefused() async throws {
        try await Self.behindNginx { proxy, _ in
            let configuration = Self.configuration(server: proxy.url, acceptSelfSignedCerts: false)
            let client = try SupportClient(configuration: configuration, submission: Self.submission)
            let error = await #expect(throws: UntrustedCertificateError.self) { try await client.start() }
            #expect(error.map { UserFacingError($0).message } == Self.certificateSentence)
            #expect(await client.phase.isEnded)

            let codes = ShortCodeClient(server: try #require(URL(string: proxy.url)), access: ServerAccess(configuration: configuration))
            let refusal = await #expect(throws: UserFacingError.self) { try await codes.createCode() }
            #expect(refusal?.message == Self.certificateSentence)
            #expect(refusal?.remedy == .checkSettings)
        }
    }

    @Test("with acceptSelfSignedCerts the client opens a session through the proxy and chats with the agent")
    func selfSignedCertificateIsAcceptedWhenAllowed() async throws {
        try await Self.behindNginx { proxy, serverURL in
            let configuration = Self.configuration(server: proxy.url, acceptSelfSignedCerts: true)
            let client = try SupportClient(configuration: configuration, submission: Self.submission)
            let probe = ConsumerClientProbe(client)
            try await client.start()
            let sam = try await TestServer.agent(serverURL)
            try await sam.send(.acceptNext)
            let assignment = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
            await client.send("Hello through the proxy")
            let received = try await sam.expect("chat") { if case .chat(_, let m) = $0 { m.text } else { nil } }
            #expect(received == "Hello through the proxy")
            try await sam.send(.chat(sessionID: assignment.sessionID, clientMessageID: "a-1", text: "Hello back"))
            try await probe.wait("the agent's reply") { events in
                events.contains { if case .messageArrived(let entry) = $0 { entry.text == "Hello back" } else { false } }
            }
            await client.endSupport()
        }
    }

    /// Escalates by support code through the proxy, as the app does, and
    /// opens the session; returns the `Cookie` headers nginx saw on the
    /// redemption and on the WebSocket upgrade.
    private static func escalate(useCookies: Bool) async throws -> (redeem: [String?], upgrade: [String?]) {
        var result: (redeem: [String?], upgrade: [String?]) = ([], [])
        try await behindNginx { proxy, _ in
            var configuration = Self.configuration(server: proxy.url, acceptSelfSignedCerts: true, useCookies: useCookies)
            let access = ServerAccess(configuration: configuration)
            let codes = ShortCodeClient(server: try #require(URL(string: proxy.url)), access: access)
            let code = try await codes.createCode()
            let escalation = try await codes.redeem(code)
            configuration.destination = ""
            configuration.sessionToken = escalation.sessionToken
            configuration.correlationId = escalation.correlationID
            let client = try SupportClient(configuration: configuration, submission: Self.submission, access: access)
            let probe = ConsumerClientProbe(client)
            try await client.start()
            await client.endSupport()
            try await probe.waitForConnection("the connection closed on purpose") { events in
                events.contains { if case .terminated(nil) = $0 { true } else { false } }
            }
            result.redeem = try await proxy.waitForRequests(to: "/assistserver/shortcode/consumer", count: 1)
            result.upgrade = try await proxy.waitForRequests(to: "/v1/consumer", count: 1)
        }
        return result
    }

    @Test("with useCookies the proxy's sticky-session cookie goes on the code redemption and on the WebSocket upgrade")
    func cookiesAreSentBackWhenEnabled() async throws {
        let seen = try await Self.escalate(useCookies: true)
        #expect(seen.redeem == [NginxProxy.routeCookie])
        #expect(seen.upgrade == [NginxProxy.routeCookie])
    }

    @Test("without useCookies no request carries a Cookie header, though the proxy sets one")
    func noCookiesWhenDisabled() async throws {
        let seen = try await Self.escalate(useCookies: false)
        #expect(seen.redeem == [nil])
        #expect(seen.upgrade == [nil])
    }
}
