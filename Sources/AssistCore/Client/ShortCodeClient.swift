import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Escalation by support code, the consumer's half (seed: "Escalating a
/// Call to Include Co-browse"; protocol §10): asks the server for a short
/// code the person reads to an agent, and redeems it for the session token
/// and correlation id that open the shared session.
///
/// Requests go through async-http-client, with the certificate checks and
/// cookies of a ``ServerAccess``: Foundation's `URLSession` on Linux cannot
/// be told to accept a self-signed certificate. A certificate that does not
/// verify fails the request at once, not after retries.
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
    private let access: ServerAccess
    /// How long, in seconds, each request waits for the server's answer
    /// before it fails as the server not answering in time.
    public let timeout: TimeInterval

    /// An answer is a small JSON object; anything longer is not one.
    private static let maxBodyBytes = 64 * 1024
    /// What async-http-client throws when a request outlasts its time.
    private static let timeouts: [HTTPClientError] = [.deadlineExceeded, .connectTimeout, .readTimeout]

    /// A client for the support server at `server` (an `http` or `https`
    /// URL), reaching it as `access` says; pass the session's
    /// ``SupportClient`` the same `access`. A request that takes longer
    /// than `timeout` seconds fails as the server not answering in time.
    public init(server: URL, access: ServerAccess = ServerAccess(), timeout: TimeInterval = 30) {
        self.server = server
        self.access = access
        self.timeout = timeout
    }

    /// A client for `configuration`'s server that waits at most its
    /// ``Configuration/timeout`` for each answer; `nil` when no server is
    /// configured.
    public init?(configuration: Configuration, access: ServerAccess) {
        guard let server = configuration.server else { return nil }
        self.init(server: server, access: access, timeout: configuration.timeout)
    }

    /// Asks the server for a new code, recording `auditName` with it when
    /// given; returns the code as the server formats it, e.g. `ABCD-EFGH`.
    public func createCode(auditName: String? = nil) async throws(UserFacingError) -> String {
        let body = try await send(.PUT, endpoint("create", query: auditName.map { ["auditName": $0] } ?? [:]))
        guard let code = body["shortCode"] as? String, !code.isEmpty else { throw Self.garbled }
        return code
    }

    /// Redeems `code` as the consumer for the session it stands for.
    public func redeem(_ code: String, auditName: String? = nil) async throws(UserFacingError) -> Escalation {
        var query = ["appkey": code]
        if let auditName { query["auditName"] = auditName }
        let body = try await send(.GET, endpoint("consumer", query: query))
        guard let token = body["session-token"] as? String, let cid = body["cid"] as? String else { throw Self.garbled }
        return Escalation(sessionToken: token, correlationID: cid)
    }

    private func endpoint(_ name: String, query: [String: String]) -> URL {
        ServerAccess.url(of: "/assistserver/shortcode/" + name, onServer: server, query: query)
    }

    private func send(_ method: HTTPMethod, _ url: URL) async throws(UserFacingError) -> [String: Any] {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        let status: UInt
        let data: Data
        do {
            (status, data) = try await access.send(request, to: url, timeout: timeout, maxBodyBytes: Self.maxBodyBytes)
        } catch let error as HTTPClientError where Self.timeouts.contains(error) {
            throw UserFacingError(ConnectionError.timedOut(after: timeout))
        } catch {
            throw UserFacingError(TransportFailure.plain(error))
        }
        let body = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        guard status == 200 else {
            throw Self.refusal(status: Int(status), message: body["message"] as? String)
        }
        return body
    }

    private static func refusal(status: Int, message: String?) -> UserFacingError {
        switch status {
        case 404, 410:
            UserFacingError(message: message ?? localized("The support code is not valid any more."), remedy: .tryAgain)
        case 429:
            UserFacingError(message: localized("Too many support codes were tried; wait a minute and try again."), remedy: .tryAgain)
        default:
            UserFacingError(message: localized("The support server could not give a support code."), remedy: .tryAgain)
        }
    }

    private static let garbled = UserFacingError(
        message: localized("The support server sent something this app could not understand."), remedy: .tryAgain)
}
