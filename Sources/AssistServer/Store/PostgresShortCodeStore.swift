import Foundation
import Logging
import PostgresNIO

/// Short codes on PostgreSQL, for servers that share one database: the same
/// rows and answers as the SQLite ``ShortCodeStore``.
///
/// A redemption reads its code with `SELECT … FOR UPDATE` in the
/// transaction that writes it: a second transaction redeeming the same code
/// — on this server or another — waits at that read until the first
/// commits, then reads the code as the first left it. So each side's first
/// redemption is seen once, and a spent code is never granted again.
///
/// It queries through a `PostgresClient` whose `run()` its owner keeps
/// running in a task; every value reaches the server as a bound parameter.
struct PostgresShortCodeStore: ShortCodeStorage {
    /// The columns of `short_codes`, in the order ``record(_:)`` reads them.
    private typealias Columns = (String, Data, Data, String, String?, Double, Double, Double?, Double?, Bool)

    private let client: PostgresClient
    private let logger: Logger

    /// Opens the store on `client`, which must be running, applying the
    /// migrations the database lacks (``PostgresSessionSchema``).
    init(migrating client: PostgresClient, logger: Logger) async throws {
        try await PostgresSessionSchema.migrate(client: client, logger: logger)
        self.client = client
        self.logger = logger
    }

    /// Stores `record` unless its code is taken (`ON CONFLICT (code) DO NOTHING`,
    /// which also settles two servers inserting the same code at once).
    func insertIfAbsent(_ record: ShortCodeRecord) async throws -> Bool {
        let rows = try await client.query(
            """
            INSERT INTO short_codes (code, session_token_sha256, session_token_sealed, correlation_id, audit_name,
              created_at, expires_at, consumer_redeemed_at, agent_redeemed_at, expiry_counted)
            VALUES (\(record.code), \(record.sessionTokenSha256), \(record.sessionTokenSealed), \(record.correlationId),
              \(record.auditName), \(record.createdAt.timeIntervalSince1970), \(record.expiresAt.timeIntervalSince1970),
              \(record.consumerRedeemedAt?.timeIntervalSince1970), \(record.agentRedeemedAt?.timeIntervalSince1970),
              \(record.expiryCounted))
            ON CONFLICT (code) DO NOTHING
            RETURNING code
            """, logger: logger)
        var inserted = false
        for try await _ in rows.decode(String.self) { inserted = true }
        return inserted
    }

    /// Redeems `code` for `role` in one transaction that locks the code's
    /// row (`FOR UPDATE`) before checking it.
    func redeem(
        _ code: String, by role: ShortCodeRole, at moment: Date, auditName: String?,
        answer: @escaping @Sendable (ShortCodeRecord) throws -> ShortCodeGrant
    ) async throws -> ShortCodeRedemption {
        let logger = logger
        return try await client.withTransaction(logger: logger) { connection -> ShortCodeRedemption in
            let rows = try await connection.query(
                "\(unescaped: Self.selectColumns) WHERE code = \(code) FOR UPDATE", logger: logger)
            var found: ShortCodeRecord?
            for try await columns in rows.decode(Columns.self) { found = Self.record(columns) }
            guard let record = found else { return .refused(.unknownShortCode) }
            switch record.redemption(by: role, at: moment, auditName: auditName) {
            case .refuse(let refusal):
                return .refused(refusal)
            case .repeatGrant:
                return .granted(try answer(record), isFirst: false)
            case .redeemFirst(let redeemed):
                let grant = try answer(redeemed)
                try await connection.query(
                    """
                    UPDATE short_codes SET audit_name = \(redeemed.auditName),
                      consumer_redeemed_at = \(redeemed.consumerRedeemedAt?.timeIntervalSince1970),
                      agent_redeemed_at = \(redeemed.agentRedeemedAt?.timeIntervalSince1970)
                    WHERE code = \(redeemed.code)
                    """, logger: logger)
                return .granted(grant, isFirst: true)
            }
        }
    }

    /// The code whose session token has `digest`, if it is stored.
    func code(forSessionTokenDigest digest: SecretDigest) async throws -> ShortCodeRecord? {
        let rows = try await client.query(
            "\(unescaped: Self.selectColumns) WHERE session_token_sha256 = \(digest.bytes)", logger: logger)
        var found: ShortCodeRecord?
        for try await columns in rows.decode(Columns.self) { found = Self.record(columns) }
        return found
    }

    /// Counts unspent expired codes once and deletes codes past `retention`.
    /// The `UPDATE` locks each row it marks, and a server purging at the same
    /// time checks `expiry_counted` again once that lock is released, so it
    /// does not count the row a second time.
    func purgeExpired(at moment: Date, retention: TimeInterval) async throws -> Int {
        let logger = logger
        let now = moment.timeIntervalSince1970
        return try await client.withTransaction(logger: logger) { connection -> Int in
            let marked = try await connection.query(
                """
                UPDATE short_codes SET expiry_counted = true
                WHERE expires_at <= \(now) AND NOT expiry_counted
                  AND (consumer_redeemed_at IS NULL OR agent_redeemed_at IS NULL)
                RETURNING code
                """, logger: logger)
            var counted = 0
            for try await _ in marked.decode(String.self) { counted += 1 }
            try await connection.query(
                "DELETE FROM short_codes WHERE expires_at <= \(now - retention)", logger: logger)
            return counted
        }
    }

    /// The `SELECT` of every column of `short_codes`, in ``Columns`` order.
    private static let selectColumns = """
        SELECT code, session_token_sha256, session_token_sealed, correlation_id, audit_name, created_at, expires_at,
          consumer_redeemed_at, agent_redeemed_at, expiry_counted
        FROM short_codes
        """

    /// A code from its columns.
    private static func record(_ columns: Columns) -> ShortCodeRecord {
        let (code, digest, sealed, correlationID, auditName, createdAt, expiresAt, consumerAt, agentAt, counted) =
            columns
        return ShortCodeRecord(
            code: code, sessionTokenSha256: digest, sessionTokenSealed: sealed, correlationId: correlationID,
            auditName: auditName, createdAt: Date(timeIntervalSince1970: createdAt),
            expiresAt: Date(timeIntervalSince1970: expiresAt),
            consumerRedeemedAt: consumerAt.map(Date.init(timeIntervalSince1970:)),
            agentRedeemedAt: agentAt.map(Date.init(timeIntervalSince1970:)), expiryCounted: counted)
    }
}
