import AssistServer
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@Suite("Health endpoint")
struct HealthRoutesTests {
    @Test("GET /healthz answers 200 ok through the router")
    func healthzThroughRouter() async throws {
        let app = Application(router: SupportServer.makeRouter())
        try await app.test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ok\n")
            }
        }
    }

    @Test("a live server on port 0 reports the URL it listens on and answers /healthz")
    func liveServerReportsItsURL() async throws {
        let reported = ReportedURL()
        let app = SupportServer.makeApplication(
            settings: ServerSettings(host: "127.0.0.1", port: 0),
            logger: Logger(label: "test"),
            onListening: { await reported.set($0) })
        try await app.test(.live) { client in
            let url = try #require(await reported.value)
            #expect(url == "http://127.0.0.1:\(client.port ?? -1)")
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test("IPv6 hosts are bracketed in the listening URL")
    func ipv6URL() {
        #expect(SupportServer.listeningURL(host: "::1", port: 8080) == "http://[::1]:8080")
        #expect(SupportServer.listeningURL(host: "127.0.0.1", port: 80) == "http://127.0.0.1:80")
    }
}

/// The URL the server reported, written from the server's callback.
private actor ReportedURL {
    private(set) var value: String?

    func set(_ url: String) { value = url }
}
