import Foundation

/// Where short codes are kept, whatever the database engine: SQLite
/// (``ShortCodeStore``) or PostgreSQL (``PostgresShortCodeStore``), which
/// several servers may share.
///
/// Each operation is one transaction. ``ShortCodeService`` keeps the rules
/// around them — rate limits, drawing codes, sealing tokens, metrics — and
/// the storage keeps what must be atomic: the checks and the write of a
/// redemption happen together, so two servers redeeming the same code at
/// once answer as if one had come after the other.
protocol ShortCodeStorage: Sendable {
    /// Stores `record` unless a code equal to `record.code` is stored.
    ///
    /// - Returns: whether `record` was stored; `false` when its code is taken.
    func insertIfAbsent(_ record: ShortCodeRecord) async throws -> Bool

    /// Redeems the code `code` (canonical form) for `role` at `moment`, in
    /// one transaction that holds the code until it ends: the checks of
    /// ``ShortCodeRecord/redemption(by:at:auditName:)``, then, if the code is
    /// redeemed for the first time by `role`, the write of the redemption
    /// (with `auditName` as the consumer's audit name when the code has none).
    ///
    /// - Parameter answer: the grant the redemption answers with, made from
    ///   the code as redeemed before anything is written; when it throws,
    ///   nothing is written and the error is rethrown.
    /// - Returns: the grant and whether it was `role`'s first redemption,
    ///   or why the code was refused.
    func redeem(
        _ code: String, by role: ShortCodeRole, at moment: Date, auditName: String?,
        answer: @escaping @Sendable (ShortCodeRecord) throws -> ShortCodeGrant
    ) async throws -> ShortCodeRedemption

    /// The code whose session token has `digest`, if it is stored.
    func code(forSessionTokenDigest digest: SecretDigest) async throws -> ShortCodeRecord?

    /// Marks the codes that expired at or before `moment` without being
    /// spent as counted, and deletes the codes that expired at or before
    /// `moment - retention`, in one transaction.
    ///
    /// - Returns: how many codes were newly marked: each expired code is
    ///   counted once, even when several servers purge at the same time.
    func purgeExpired(at moment: Date, retention: TimeInterval) async throws -> Int
}
