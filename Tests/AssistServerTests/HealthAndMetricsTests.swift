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

@Suite("Health, metrics and the listening URL")
struct HealthAndMetricsTests {
    @Test("GET /healthz answers 200 ok")
    func healthz() async throws {
        let app = try await SupportServer.makeApplication(settings: try TestServer.settings(), logger: Logger(label: "test"))
        try await app.test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ok\n")
            }
        }
    }

    @Test("GET /metrics reports every figure in the Prometheus text format, and counts what happens")
    func metrics() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, _) = try await TestServer.consumer(url)
            _ = try await consumer.expect("position") { $0.queuePosition }
            let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url + "/metrics")))
            let text = String(decoding: data, as: UTF8.self)
            #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/plain") == true)
            for name in [
                "assist_sessions_active", "assist_sessions_queued", "assist_sessions_ended_total", "assist_agents_online",
                "assist_messages_relayed_total", "assist_reconnects_resumed_total", "assist_cobrowse_frames_relayed_total",
                "assist_cobrowse_relayed_bytes_total", "assist_short_codes_issued_total",
                "assist_short_codes_redeemed_total", "assist_short_codes_expired_total",
                "assist_short_codes_rejected_total",
            ] {
                #expect(text.contains("# TYPE \(name) "), "missing \(name)")
            }
            #expect(text.contains("assist_sessions_queued 1"))
        }
    }

    @Test("a server on port 0 reports the URL it is bound to, IPv6 hosts bracketed")
    func listeningURL() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            #expect(url.hasPrefix("http://127.0.0.1:"))
            #expect(Int(url.split(separator: ":").last ?? "") ?? 0 > 0)
        }
        #expect(SupportServer.listeningURL(host: "::1", port: 8080) == "http://[::1]:8080")
    }
}
