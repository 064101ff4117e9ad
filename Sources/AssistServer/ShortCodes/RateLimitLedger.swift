import Foundation

/// Where the short-code rate limits keep their counts, per client address:
/// in this server's memory (``InMemoryRateLimitLedger``, one server on
/// SQLite) or in PostgreSQL (``PostgresRateLimitLedger``), where every node
/// of a cluster counts against the same limits — otherwise a guesser
/// spreading attempts over *N* nodes behind a load balancer would get *N*
/// times the budget.
///
/// Both decide with the same ``RateLimitRule``s; a ledger only keeps the
/// counts and makes each check and its record one atomic step, so attempts
/// made at the same time — through one node or several — are counted as if
/// made one after another. ``ShortCodeService`` says when to check.
protocol RateLimitLedger: Sendable {
    /// Admits a redemption by `address` at `moment` if its rule admits one
    /// more failure, and if so counts the attempt as a failure at `moment`
    /// until ``finishRedemption(by:at:failed:)`` says otherwise: an attempt
    /// whose answer is pending may fail, so it counts as failed.
    ///
    /// - Returns: whether the attempt may go ahead; if so, the caller must
    ///   finish it with the same `address` and `moment`.
    func beginRedemption(by address: String, at moment: Date) async throws -> Bool

    /// Ends a redemption ``beginRedemption(by:at:)`` admitted: it stays a
    /// failure of `address` at `moment` if `failed`, and no longer counts
    /// otherwise.
    func finishRedemption(by address: String, at moment: Date, failed: Bool) async throws

    /// Admits the creation of a code by `address` at `moment` if its rule
    /// admits one more, and if so counts it.
    ///
    /// - Returns: whether the code may be created.
    func admitCreation(by address: String, at moment: Date) async throws -> Bool

    /// Forgets the counts that no longer count at `moment`, so the ledger
    /// stays bounded by the addresses active within a window.
    func purge(at moment: Date) async throws
}
