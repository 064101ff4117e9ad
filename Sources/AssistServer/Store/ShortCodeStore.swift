import Foundation
import GRDB

/// Short codes in the server's SQLite database (the `short_codes` table of
/// ``ShortCodeSchema``). Every operation is one transaction on `writer`,
/// and SQLite runs one write transaction at a time, so redemptions are
/// serial even when several connections share the file.
struct ShortCodeStore: ShortCodeStorage {
    /// The connection codes are read and written through.
    let writer: any DatabaseWriter

    /// Stores `record` unless its code is taken.
    func insertIfAbsent(_ record: ShortCodeRecord) async throws -> Bool {
        try await writer.write { db in
            guard try !ShortCodeRecord.exists(db, key: record.code) else { return false }
            try record.insert(db)
            return true
        }
    }

    /// Redeems `code` for `role` in one write transaction: read, check, write.
    func redeem(
        _ code: String, by role: ShortCodeRole, at moment: Date, auditName: String?,
        answer: @escaping @Sendable (ShortCodeRecord) throws -> ShortCodeGrant
    ) async throws -> ShortCodeRedemption {
        try await writer.write { db in
            guard let record = try ShortCodeRecord.fetchOne(db, key: code) else { return .refused(.unknownShortCode) }
            switch record.redemption(by: role, at: moment, auditName: auditName) {
            case .refuse(let refusal):
                return .refused(refusal)
            case .repeatGrant:
                return .granted(try answer(record), isFirst: false)
            case .redeemFirst(let redeemed):
                let grant = try answer(redeemed)
                try redeemed.update(db)
                return .granted(grant, isFirst: true)
            }
        }
    }

    /// The code whose session token has `digest`, if it is stored.
    func code(forSessionTokenDigest digest: SecretDigest) async throws -> ShortCodeRecord? {
        try await writer.read { db in
            try ShortCodeRecord.filter(Column("session_token_sha256") == digest.bytes).fetchOne(db)
        }
    }

    /// Counts unspent expired codes once and deletes codes past `retention`.
    func purgeExpired(at moment: Date, retention: TimeInterval) async throws -> Int {
        try await writer.write { db in
            let expired = ShortCodeRecord.filter(Column("expires_at") <= moment.timeIntervalSince1970)
            let unspent = Column("consumer_redeemed_at") == nil || Column("agent_redeemed_at") == nil
            let counted = try expired.filter(Column("expiry_counted") == false && unspent)
                .updateAll(db, Column("expiry_counted").set(to: true))
            try ShortCodeRecord
                .filter(Column("expires_at") <= moment.timeIntervalSince1970 - retention)
                .deleteAll(db)
            return counted
        }
    }
}
