import AssistCore
import Foundation
import Hummingbird
import Logging

extension Router where Context: RemoteAddressRequestContext {
    /// Adds the short-code endpoints (protocol.md §10):
    ///
    /// - `PUT /assistserver/shortcode/create[?auditName=NAME]` → `{"shortCode"}`
    /// - `GET /assistserver/shortcode/consumer?appkey=CODE[&auditName=NAME]`
    ///   → `{"session-token", "cid"}`
    /// - `GET /assistserver/shortcode/agent?appkey=CODE`, with an allowed
    ///   `Origin` and `Authorization: Bearer <agent token>` → the same pair.
    ///
    /// Refusals are ``ShortCodeRefusal`` JSON bodies. Creations and failed
    /// redemptions are rate-limited by the TCP peer's address (see
    /// ``RateLimitKey``).
    func addShortCodeRoutes(service: ShortCodeService, agents: AgentDirectory, origins: OriginAllowList) {
        put("/assistserver/shortcode/create") { request, context -> Response in
            let auditName = try ShortCodeQuery.auditName(of: request)
            let issue: ShortCodeIssue
            do {
                issue = try await service.create(auditName: auditName, from: RateLimitKey.of(context.remoteAddress))
            } catch let refusal as ShortCodeRefusal {
                throw refusal
            } catch {
                context.logger.error("Could not create a short code", metadata: ["error": "\(error)"])
                throw ShortCodeRefusal.internalError
            }
            return try ShortCodeJSON.response(ShortCodeCreatedBody(shortCode: issue.code))
        }
        get("/assistserver/shortcode/consumer") { request, context -> Response in
            let code = try ShortCodeQuery.appKey(of: request)
            let auditName = try ShortCodeQuery.auditName(of: request)
            let grant = try await service.redeem(
                code, by: .consumer, from: RateLimitKey.of(context.remoteAddress), auditName: auditName)
            return try ShortCodeJSON.response(ShortCodeGrantBody(grant))
        }
        get("/assistserver/shortcode/agent") { request, context -> Response in
            guard origins.permits(request.headers[.origin]) else {
                throw ShortCodeRefusal.originNotAllowed
            }
            guard let token = BearerToken.of(request), let account = agents.account(forToken: token)
            else {
                throw ShortCodeRefusal.authenticationFailed
            }
            let code = try ShortCodeQuery.appKey(of: request)
            let grant = try await service.redeem(code, by: .agent, from: RateLimitKey.of(context.remoteAddress))
            context.logger.info(
                "Agent redeemed a short code", metadata: ["agent": "\(account.id)", "cid": "\(grant.correlationID)"])
            return try ShortCodeJSON.response(ShortCodeGrantBody(grant))
        }
    }
}

/// Reads the parameters of a short-code request.
private enum ShortCodeQuery {
    /// The `appkey` query parameter: the code as typed.
    static func appKey(of request: Request) throws(ShortCodeRefusal) -> String {
        guard let code = request.uri.queryParameters["appkey"], !code.isEmpty else {
            throw .missingShortCode
        }
        return String(code)
    }

    /// The decoded `auditName` query parameter; absent or empty is `nil`.
    static func auditName(of request: Request) throws(ShortCodeRefusal) -> String? {
        guard let name = request.uri.queryParameters["auditName"], !name.isEmpty else { return nil }
        guard name.count <= ProtocolLimits.maxAuditName else { throw .invalidAuditName }
        return String(name)
    }
}
