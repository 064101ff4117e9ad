import Foundation
import GRDB

/// One row of the `short_codes` table (see ``ShortCodeSchema`` and
/// ``PostgresShortCodeSchema``).
struct ShortCodeRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "short_codes"
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase

    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSince1970
    }

    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSince1970
    }

    /// The code in canonical form (the primary key).
    var code: String
    /// The SHA-256 digest of the code's session token, which finds the code.
    var sessionTokenSha256: Data
    /// The session token sealed by the server's ``TokenSealer``.
    var sessionTokenSealed: Data
    var correlationId: String
    var auditName: String?
    var createdAt: Date
    var expiresAt: Date
    var consumerRedeemedAt: Date?
    var agentRedeemedAt: Date?
    /// Whether ``ShortCodeService/purgeExpired()`` has counted this code's
    /// expiry in the metrics.
    var expiryCounted: Bool

    /// Both sides have redeemed the code.
    var isSpent: Bool {
        consumerRedeemedAt != nil && agentRedeemedAt != nil
    }

    /// Whether the code's lifetime is over at `now`.
    func isExpired(at now: Date) -> Bool {
        now >= expiresAt
    }

    /// When `role` redeemed the code, if it has.
    func redeemedAt(by role: ShortCodeRole) -> Date? {
        switch role {
        case .consumer: consumerRedeemedAt
        case .agent: agentRedeemedAt
        }
    }

    /// Notes that `role` redeemed the code at `now`.
    mutating func markRedeemed(by role: ShortCodeRole, at now: Date) {
        switch role {
        case .consumer: consumerRedeemedAt = now
        case .agent: agentRedeemedAt = now
        }
    }

    /// The pair both sides receive, with the session token `sealer` opens.
    ///
    /// - Throws: ``TokenSealerError/cannotOpen`` when the token was sealed
    ///   with another key (the key file was replaced).
    func grant(openedBy sealer: TokenSealer) throws -> ShortCodeGrant {
        guard let sessionToken = sealer.open(sessionTokenSealed) else { throw TokenSealerError.cannotOpen }
        return ShortCodeGrant(sessionToken: sessionToken, correlationID: correlationId, auditName: auditName)
    }
}
