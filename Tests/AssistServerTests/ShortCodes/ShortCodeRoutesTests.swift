@testable import AssistServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Short-code HTTP endpoints")
struct ShortCodeRoutesTests {
    private static let console = "https://console.example.com"
    private static let agentToken = "agent-secret-token"

    /// The three endpoints over a fresh service, with one agent and one allowed origin.
    private static func application(_ fixture: ShortCodeFixture) throws -> some ApplicationProtocol {
        let router = Router(context: SupportRequestContext.self)
        router.addShortCodeRoutes(
            service: fixture.service,
            agents: try AgentDirectory([AgentAccount(id: "sam", name: "Sam", token: agentToken)]),
            origins: OriginAllowList([console]))
        return Application(router: router)
    }

    private static func decode<Body: Decodable>(_ type: Body.Type, from response: TestResponse) throws -> Body {
        try JSONDecoder().decode(type, from: Data(String(buffer: response.body).utf8))
    }

    private static func agentHeaders(origin: String? = console, token: String? = agentToken) -> HTTPFields {
        var headers = HTTPFields()
        if let origin { headers[.origin] = origin }
        if let token { headers[.authorization] = "Bearer \(token)" }
        return headers
    }

    @Test("PUT create answers 200 with a grouped shortCode in JSON")
    func create() async throws {
        let fixture = try ShortCodeFixture()
        try await Self.application(fixture).test(.router) { client in
            try await client.execute(uri: "/assistserver/shortcode/create?auditName=caller%20one", method: .put) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-store")
                let body = try Self.decode(ShortCodeCreatedBody.self, from: response)
                #expect(body.shortCode.count == 9)
                #expect(ShortCodeFormat.canonical(body.shortCode) != nil)
                let grant = try await fixture.service.redeem(body.shortCode, by: .consumer, from: "test")
                #expect(grant.auditName == "caller one")
            }
        }
    }

    @Test("consumer and agent endpoints return the same session-token and cid, then 410 spentShortCode")
    func consumerThenAgent() async throws {
        let fixture = try ShortCodeFixture()
        let issue = try await fixture.service.create()
        try await Self.application(fixture).test(.router) { client in
            try await client.execute(uri: "/assistserver/shortcode/consumer?appkey=\(issue.code.lowercased())", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let object = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: String]
                #expect(object == ["session-token": issue.sessionToken, "cid": issue.correlationID])
            }
            try await client.execute(
                uri: "/assistserver/shortcode/agent?appkey=\(issue.code)", method: .get, headers: Self.agentHeaders()
            ) { response in
                #expect(response.status == .ok)
                let body = try Self.decode(ShortCodeGrantBody.self, from: response)
                #expect(body.sessionToken == issue.sessionToken)
                #expect(body.cid == issue.correlationID)
            }
            try await client.execute(uri: "/assistserver/shortcode/consumer?appkey=\(issue.code)", method: .get) { response in
                #expect(response.status == .gone)
                let body = try Self.decode(ShortCodeErrorBody.self, from: response)
                #expect(body == ShortCodeErrorBody(error: "spentShortCode", message: ShortCodeRefusal.spentShortCode.message))
            }
        }
    }

    @Test("unknown codes answer 404, expired ones 410, a missing appkey 400, all with JSON errors")
    func refusals() async throws {
        let fixture = try ShortCodeFixture()
        let issue = try await fixture.service.create()
        fixture.time.advance(by: 300)
        try await Self.application(fixture).test(.router) { client in
            try await client.execute(uri: "/assistserver/shortcode/consumer?appkey=ZZZZ-ZZZZ", method: .get) { response in
                #expect(response.status == .notFound)
                let refusal = try Self.decode(ShortCodeErrorBody.self, from: response)
                #expect(refusal.error == "unknownShortCode")
            }
            try await client.execute(uri: "/assistserver/shortcode/consumer?appkey=\(issue.code)", method: .get) { response in
                #expect(response.status == .gone)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let refusal = try Self.decode(ShortCodeErrorBody.self, from: response)
                #expect(refusal.error == "expiredShortCode")
            }
            try await client.execute(uri: "/assistserver/shortcode/consumer", method: .get) { response in
                #expect(response.status == .badRequest)
                let refusal = try Self.decode(ShortCodeErrorBody.self, from: response)
                #expect(refusal.error == "missingShortCode")
            }
            let longName = String(repeating: "n", count: 257)
            try await client.execute(uri: "/assistserver/shortcode/create?auditName=\(longName)", method: .put) { response in
                #expect(response.status == .badRequest)
                let refusal = try Self.decode(ShortCodeErrorBody.self, from: response)
                #expect(refusal.error == "invalidAuditName")
            }
        }
    }

    @Test("the sixth failed redemption from one address answers 429 with Retry-After, even for a valid code")
    func rateLimited() async throws {
        let fixture = try ShortCodeFixture()
        let issue = try await fixture.service.create()
        try await Self.application(fixture).test(.router) { client in
            for _ in 0..<5 {
                try await client.execute(uri: "/assistserver/shortcode/consumer?appkey=ZZZZ-ZZZZ", method: .get) { response in
                    #expect(response.status == .notFound)
                }
            }
            try await client.execute(uri: "/assistserver/shortcode/consumer?appkey=\(issue.code)", method: .get) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "60")
                let refusal = try Self.decode(ShortCodeErrorBody.self, from: response)
                #expect(refusal.error == "tooManyAttempts")
            }
        }
    }

    @Test("creating more than 10 codes a minute from one address answers 429 with Retry-After, until the minute passes")
    func creationRateLimited() async throws {
        let fixture = try ShortCodeFixture()
        try await Self.application(fixture).test(.router) { client in
            for _ in 0..<CreationRateLimiter.defaultMaxCodes {
                try await client.execute(uri: "/assistserver/shortcode/create", method: .put) { response in
                    #expect(response.status == .ok)
                }
            }
            try await client.execute(uri: "/assistserver/shortcode/create", method: .put) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "60")
                let refusal = try Self.decode(ShortCodeErrorBody.self, from: response)
                #expect(refusal.error == "tooManyCodes")
            }
            fixture.time.advance(by: 60)
            try await client.execute(uri: "/assistserver/shortcode/create", method: .put) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test("the agent endpoint answers 403 without an allowed Origin and 401 without a known bearer token")
    func agentAuthentication() async throws {
        let fixture = try ShortCodeFixture()
        let issue = try await fixture.service.create()
        let uri = "/assistserver/shortcode/agent?appkey=\(issue.code)"
        try await Self.application(fixture).test(.router) { client in
            for headers in [Self.agentHeaders(origin: nil), Self.agentHeaders(origin: "https://evil.example")] {
                try await client.execute(uri: uri, method: .get, headers: headers) { response in
                    #expect(response.status == .forbidden)
                    let refusal = try Self.decode(ShortCodeErrorBody.self, from: response)
                    #expect(refusal.error == "originNotAllowed")
                }
            }
            for headers in [Self.agentHeaders(token: nil), Self.agentHeaders(token: "wrong")] {
                try await client.execute(uri: uri, method: .get, headers: headers) { response in
                    #expect(response.status == .unauthorized)
                    #expect(response.headers[.wwwAuthenticate] == "Bearer")
                    let refusal = try Self.decode(ShortCodeErrorBody.self, from: response)
                    #expect(refusal.error == "authenticationFailed")
                }
            }
            try await client.execute(uri: uri, method: .get, headers: Self.agentHeaders()) { response in
                #expect(response.status == .ok)
            }
        }
        #expect(try await fixture.service.grant(forSessionToken: issue.sessionToken) == nil)
    }
}
