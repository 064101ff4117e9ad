import Foundation
import Logging
import PostgresNIO

/// Short-code rate limits on PostgreSQL, counted together by every node of
/// a cluster: the rows of `rate_limit_events` (``PostgresRateLimitSchema``).
///
/// **Atomic checks.** A check and its record are one transaction that
/// first takes a transaction-scoped advisory lock on the address's key
/// (`pg_advisory_xact_lock` of a namespace and the `hashtext` of kind and
/// address; the two-key form, so it never meets the single-key locks of
/// migrations and the leader's lease). A second check of the same address —
/// on this node or another — waits at that lock until the first commits,
/// then counts with a fresh snapshot that includes the first's row. So
/// attempts made at the same time through several nodes are counted as if
/// made one after another; other addresses only share a lock on a hash
/// collision, which makes them wait, never miscount.
///
/// **Pending attempts.** An admitted redemption is written at once as a
/// failure — a provisional one, counted like any other — and its row is
/// deleted only when the code was granted (or the database failed to
/// answer). A node that dies mid-attempt leaves its rows counting until
/// their window passes: the check errs towards refusing.
///
/// The rules are ``RateLimitRule``s: the database is asked only how many
/// events of a key are later than the rule's horizon. Times are the
/// nodes' own clocks, as for codes' expiry, so nodes should run NTP.
/// Rows older than a window are deleted by ``purge(at:)``, which every node
/// runs with the codes' purge.
struct PostgresRateLimitLedger: RateLimitLedger {
    /// What a row counts.
    private enum Kind: String {
        case redemption
        case creation
    }

    /// The first key of every address's advisory lock (the ASCII of "rlim").
    private static let lockNamespace: Int32 = 0x726C_696D

    private let client: PostgresClient
    private let logger: Logger
    private let failedRedemptions: RateLimitRule
    private let codeCreations: RateLimitRule

    /// Opens the ledger on `client`, which must be running, applying the
    /// migrations the database lacks (``PostgresSessionSchema``); it limits
    /// failed redemptions by `failedRedemptions` and created codes by
    /// `codeCreations`. Every node sharing the database should use the same rules.
    init(
        migrating client: PostgresClient, logger: Logger, failedRedemptions: RateLimitRule = .failedRedemptions,
        codeCreations: RateLimitRule = .codeCreations
    ) async throws {
        try await PostgresSessionSchema.migrate(client: client, logger: logger)
        self.client = client
        self.logger = logger
        self.failedRedemptions = failedRedemptions
        self.codeCreations = codeCreations
    }

    /// Admits the redemption and writes it as a failure at `moment`, if the
    /// rows of `address` younger than the window are fewer than the limit.
    func beginRedemption(by address: String, at moment: Date) async throws -> Bool {
        try await record(.redemption, by: address, at: moment, under: failedRedemptions)
    }

    /// Deletes one row the redemption at `moment` wrote, unless it `failed`:
    /// then that row already is the failure.
    func finishRedemption(by address: String, at moment: Date, failed: Bool) async throws {
        guard !failed else { return }
        try await client.query(
            """
            DELETE FROM rate_limit_events WHERE id = (
              SELECT id FROM rate_limit_events
              WHERE kind = \(Kind.redemption.rawValue) AND address = \(address) AND at = \(moment.timeIntervalSince1970)
              LIMIT 1 FOR UPDATE SKIP LOCKED)
            """, logger: logger)
    }

    /// Admits the creation and writes it, if the rows of `address` younger
    /// than the window are fewer than the limit.
    func admitCreation(by address: String, at moment: Date) async throws -> Bool {
        try await record(.creation, by: address, at: moment, under: codeCreations)
    }

    /// Deletes the rows that no longer count at `moment`, of every node.
    func purge(at moment: Date) async throws {
        try await client.query(
            """
            DELETE FROM rate_limit_events
            WHERE (kind = \(Kind.redemption.rawValue) AND at <= \(failedRedemptions.horizon(at: moment).timeIntervalSince1970))
              OR (kind = \(Kind.creation.rawValue) AND at <= \(codeCreations.horizon(at: moment).timeIntervalSince1970))
            """, logger: logger)
    }

    /// In one transaction holding the lock of `kind` and `address`: counts
    /// the rows that count under `rule` at `moment` and, if `rule` admits
    /// one more, writes it.
    ///
    /// - Returns: whether the event was admitted and written.
    private func record(_ kind: Kind, by address: String, at moment: Date, under rule: RateLimitRule) async throws
        -> Bool
    {
        let logger = logger
        return try await client.withTransaction(logger: logger) { connection -> Bool in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(Self.lockNamespace), hashtext(\(kind.rawValue + " " + address)))",
                logger: logger)
            let rows = try await connection.query(
                """
                SELECT count(*) FROM rate_limit_events
                WHERE kind = \(kind.rawValue) AND address = \(address)
                  AND at > \(rule.horizon(at: moment).timeIntervalSince1970)
                """, logger: logger)
            var recent = 0
            for try await count in rows.decode(Int.self) { recent = count }
            guard rule.admits(recent: recent) else { return false }
            try await connection.query(
                """
                INSERT INTO rate_limit_events (kind, address, at)
                VALUES (\(kind.rawValue), \(address), \(moment.timeIntervalSince1970))
                """, logger: logger)
            return true
        }
    }
}
