import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Escalation by support code, the consumer's half (seed: "Escalating a
/// Call to Include Co-browse"; protocol §10): asks the server for a short
/// code the person reads to an agent, and redeems it for the session token
/// and correlation id that open the shared session.
public struct ShortCodeClient: Sendable {
    /// What redeeming a code gives: the `hello`'s ``ConsumerHello/sessionToken``
    /// and ``ConsumerHello/correlationID``.
    public struct Escalation: Sendable, Hashable {
        /// Opens the session the agent joins with the same code.
        public let sessionToken: String
        /// Correlates the session with the agent's records.
        public let correlationID: String
    }

    private let server: URL
    private let session: URLSession

    /// A client for the support server at `server` (an `http` or `https` URL).
    public init(server: URL, session: URLSession = .shared) {
        self.server = server
        self.session = session
    }

    /// Asks the server for a new code, recording `auditName` with it when
    /// given; returns the code as the server formats it, e.g. `ABCD-EFGH`.
    public func createCode(auditName: String? = nil) async throws(UserFacingError) -> String {
        var request = URLRequest(url: endpoint("create", query: auditName.map { ["auditName": $0] } ?? [:]))
        request.httpMethod = "PUT"
        let body = try await send(request)
        guard let code = body["shortCode"] as? String, !code.isEmpty else { throw Self.garbled }
        return code
    }

    /// Redeems `code` as the consumer for the session it stands for.
    public func redeem(_ code: String, auditName: String? = nil) async throws(UserFacingError) -> Escalation {
        var query = ["appkey": code]
        if let auditName { query["auditName"] = auditName }
        let body = try await send(URLRequest(url: endpoint("consumer", query: query)))
        guard let token = body["session-token"] as? String, let cid = body["cid"] as? String else { throw Self.garbled }
        return Escalation(sessionToken: token, correlationID: cid)
    }

    private func endpoint(_ name: String, query: [String: String]) -> URL {
        var components = URLComponents(url: server, resolvingAgainstBaseURL: false) ?? URLComponents()
        switch components.scheme?.lowercased() {
        case "ws": components.scheme = "http"
        case "wss": components.scheme = "https"
        default: break
        }
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + "/assistserver/shortcode/" + name
        components.queryItems = query.isEmpty ? nil : query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return components.url ?? server
    }

    private func send(_ request: URLRequest) async throws(UserFacingError) -> [String: Any] {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw UserFacingError(error)
        }
        let body = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            throw Self.refusal(status: status, message: body["message"] as? String)
        }
        return body
    }

    private static func refusal(status: Int, message: String?) -> UserFacingError {
        switch status {
        case 404, 410:
            UserFacingError(message: message ?? "The support code is not valid any more.", remedy: .tryAgain)
        case 429:
            UserFacingError(message: "Too many support codes were tried; wait a minute and try again.", remedy: .tryAgain)
        default:
            UserFacingError(message: "The support server could not give a support code.", remedy: .tryAgain)
        }
    }

    private static let garbled = UserFacingError(
        message: "The support server sent something this app could not understand.", remedy: .tryAgain)
}
