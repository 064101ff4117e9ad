import Foundation
import GRDB

/// One row of the `short_codes` table (see ``ShortCodeSchema``).
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
    var sessionToken: String
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

    /// The pair both sides receive.
    var grant: ShortCodeGrant {
        ShortCodeGrant(sessionToken: sessionToken, correlationID: correlationId, auditName: auditName)
    }
}
