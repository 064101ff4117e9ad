@testable import AssistServer
import AssistCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Transcript download endpoint")
struct TranscriptRoutesTests {
    private static let samToken = "sam-token-0123456789"
    private static let alexToken = "alex-token-0123456789"
    /// 2026-11-27 14:05:00 UTC.
    private static let start = Date(timeIntervalSince1970: 1_795_788_300)

    private struct ReadFailure: Error {}

    private static func chat(_ id: String, in session: String, _ author: ChatAuthor, _ text: String, at seconds: Double)
        -> StoredChat
    {
        StoredChat(
            sessionID: SessionID(session), clientMessageID: ClientMessageID("c-\(id)"),
            message: ChatMessage(id: ServerMessageID(id), author: author, text: text, sentAt: start + seconds))
    }

    private static func session(_ id: String, agent: String?) -> SessionRow {
        SessionRow(
            id: SessionID(id), destination: "support",
            hello: ConsumerHello(versions: [1], destination: "support", visitorName: "Ada"),
            phase: agent == nil ? .queued : .assigned, agentID: agent, createdAt: start)
    }

    /// Sessions: `s-sam` (Sam's), `s-alex` (Alex's), `s-back` (Sam wrote in
    /// it, then it went back to the queue), `s-broken` (the database fails).
    private static let stored: [String: SessionTranscript] = [
        "s-sam": SessionTranscript(
            session: session("s-sam", agent: "sam"),
            chat: [
                chat("m1", in: "s-sam", .consumer, "<script>alert(1)</script> & \"ok\"", at: 0),
                chat("m2", in: "s-sam", .agent(id: "sam"), "Hi Ada", at: 60),
                chat("m3", in: "s-sam", .system, "Sam left the chat", at: 120),
            ]),
        "s-alex": SessionTranscript(session: session("s-alex", agent: "alex"), chat: []),
        "s-back": SessionTranscript(
            session: session("s-back", agent: nil), chat: [chat("m4", in: "s-back", .agent(id: "sam"), "One moment", at: 0)]),
    ]

    private static func application() throws -> some ApplicationProtocol {
        let router = Router(context: SupportRequestContext.self)
        router.addTranscriptRoutes(
            agents: try AgentDirectory([
                AgentAccount(id: "sam", name: "Sam", token: samToken),
                AgentAccount(id: "alex", name: "Alex", token: alexToken),
            ]),
            read: { id in
                if id.rawValue == "s-broken" { throw ReadFailure() }
                return stored[id.rawValue]
            })
        return Application(router: router)
    }

    private static func headers(token: String?) -> HTTPFields {
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        return headers
    }

    /// The `error` of a refusal's JSON body; `nil` when the body is not one.
    private static func errorCode(_ response: TestResponse) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: String]
        return object?["error"]
    }

    @Test("without an agent's token the answer is 401 with a Bearer challenge")
    func needsAgentToken() async throws {
        try await Self.application().test(.router) { client in
            for token in [nil, "not-a-token", ""] as [String?] {
                try await client.execute(
                    uri: "/v1/sessions/s-sam/transcript", method: .get, headers: Self.headers(token: token)
                ) { response in
                    #expect(response.status == .unauthorized)
                    #expect(response.headers[.wwwAuthenticate] == "Bearer")
                    #expect(Self.errorCode(response) == "authenticationFailed")
                    #expect(!String(buffer: response.body).contains("Hi Ada"))
                }
            }
        }
    }

    @Test("another agent's session and an unknown one are both 404, telling nothing apart")
    func foreignSessionRefused() async throws {
        try await Self.application().test(.router) { client in
            for (uri, token) in [("/v1/sessions/s-sam/transcript", Self.alexToken), ("/v1/sessions/s-none/transcript", Self.samToken)] {
                try await client.execute(uri: uri, method: .get, headers: Self.headers(token: token)) { response in
                    #expect(response.status == .notFound)
                    #expect(Self.errorCode(response) == "notFound")
                    #expect(!String(buffer: response.body).contains("Hi Ada"))
                }
            }
        }
    }

    @Test("the agent's own session downloads as an escaped, self-contained HTML page")
    func html() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(
                uri: "/v1/sessions/s-sam/transcript", method: .get, headers: Self.headers(token: Self.samToken)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"transcript-s-sam.html\"")
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(response.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true)
                let page = String(buffer: response.body)
                #expect(page.hasPrefix("<!DOCTYPE html>"))
                #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;ok&quot;"))
                #expect(!page.contains("<script"))
                #expect(page.contains("<dt>Person</dt><dd dir=\"auto\">Ada</dd>"))
                #expect(page.contains("<dt>Agent</dt><dd dir=\"auto\">Sam</dd>"))
                #expect(page.contains("<span class=\"author\" dir=\"auto\">Support</span>"))
                #expect(page.contains("datetime=\"2026-11-27T14:06:00Z\""))
                #expect(!page.contains("class=\"delivery\""))
            }
        }
    }

    @Test("format=text gives plain text, with times in the time zone and language asked for")
    func text() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(
                uri: "/v1/sessions/s-sam/transcript?format=text&timeZone=Asia/Tokyo&locale=de-DE", method: .get,
                headers: Self.headers(token: Self.samToken)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"transcript-s-sam.txt\"")
                let text = String(buffer: response.body)
                #expect(text.hasPrefix("Support chat transcript\n"))
                #expect(text.contains("[23:05] Ada\n    <script>alert(1)</script> & \"ok\"\n"))
                #expect(text.contains("[23:06] Sam\n    Hi Ada\n"))
                #expect(text.contains("Started: 27. November 2026"))
                #expect(text.contains("Session: s-sam"))
            }
        }
    }

    @Test("an agent who wrote in a session that went back to the queue may still download it")
    func formerAgent() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(
                uri: "/v1/sessions/s-back/transcript?format=text", method: .get, headers: Self.headers(token: Self.samToken)
            ) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("One moment"))
            }
        }
    }

    @Test("an unknown format, time zone or locale is 400 with a sentence; a database failure is 503")
    func badRequests() async throws {
        try await Self.application().test(.router) { client in
            for query in ["format=pdf", "timeZone=Mars/Olympus", "locale=%3Cscript%3E"] {
                try await client.execute(
                    uri: "/v1/sessions/s-sam/transcript?\(query)", method: .get, headers: Self.headers(token: Self.samToken)
                ) { response in
                    #expect(response.status == .badRequest, "\(query)")
                    #expect(Self.errorCode(response) == "invalidRequest")
                }
            }
            try await client.execute(
                uri: "/v1/sessions/s-broken/transcript", method: .get, headers: Self.headers(token: Self.samToken)
            ) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(Self.errorCode(response) == "unavailable")
            }
        }
    }
}
