import AssistCore
import AssistServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite("Live server: an agent downloads a session's transcript")
struct TranscriptLiveTests {
    private static let alexToken = "alex-token-0123456789"

    private static func download(_ url: String, session: SessionID, token: String, format: String) async throws
        -> (status: Int, body: String)
    {
        var request = URLRequest(
            url: try #require(URL(string: "\(url)/v1/sessions/\(session.rawValue)/transcript?format=\(format)")))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test("the chat of an ended session comes from the database to its agent, and to no other agent")
    func endedSession() async throws {
        let settings = try TestServer.settings(agents: [
            AgentAccount(id: "sam", name: "Sam", token: TestServer.samToken, capacity: 1, destinations: ["support"]),
            AgentAccount(id: "alex", name: "Alex", token: Self.alexToken, capacity: 1, destinations: ["support"]),
        ])
        try await TestServer.run(settings) { url in
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            try await consumer.send(.chat(clientMessageID: "c-1", text: "Tom & Jerry <b>broke</b> it"))
            _ = try await sam.expect("consumer chat") { if case .chat = $0 { true } else { nil } }
            try await sam.send(.chat(sessionID: welcome.sessionID, clientMessageID: "a-1", text: "Let me look"))
            _ = try await consumer.expect("agent chat") { if case .chat = $0 { true } else { nil } }
            try await sam.send(.endSession(sessionID: welcome.sessionID, text: nil))
            _ = try await consumer.expect("ended") { if case .sessionEnded = $0 { true } else { nil } }

            let text = try await Self.download(url, session: welcome.sessionID, token: TestServer.samToken, format: "text")
            #expect(text.status == 200)
            #expect(text.body.contains("] Ada\n    Tom & Jerry <b>broke</b> it\n"))
            #expect(text.body.contains("] Sam\n    Let me look\n"))
            let html = try await Self.download(url, session: welcome.sessionID, token: TestServer.samToken, format: "html")
            #expect(html.status == 200)
            #expect(html.body.contains("Tom &amp; Jerry &lt;b&gt;broke&lt;/b&gt; it"))

            let foreign = try await Self.download(url, session: welcome.sessionID, token: Self.alexToken, format: "text")
            #expect(foreign.status == 404)
            #expect(!foreign.body.contains("Let me look"))
        }
    }
}
