import Foundation
import Logging
import PostgresNIO

/// The session tables on PostgreSQL, created in the shape SQLite's
/// migrations (``SessionSchema``) end in: streams keep only their resume
/// token's digest, the outbox is keyed by stream and `seq`, sessions record
/// the short code's correlation id, and pending requests and accepted calls
/// have tables of their own. Chat messages carry an identity column,
/// `insertion_order`, which orders a transcript's messages sent at the same
/// moment as SQLite's `rowid` does.
///
/// Applied migrations are listed in `schema_migrations`. Migrating runs in
/// one transaction that first takes a transaction-scoped advisory lock, so
/// nodes opening the same database at once apply each migration once: the
/// second waits for the first to commit, then finds nothing left to do. A
/// migration, once shipped, is never edited — a change is a new migration.
enum PostgresSessionSchema {
    /// The advisory lock key migrations hold (the ASCII of "assistdb").
    static let migrationLockKey = 0x6173_7369_7374_6462

    /// The migrations in the order they apply, each an id and its statements:
    /// the session tables', the short codes' (``PostgresShortCodeSchema``), the
    /// cluster's (``ClusterSchema``), the rate limits'
    /// (``PostgresRateLimitSchema``), the cluster's leading term, the
    /// attachments' (``PostgresAttachmentSchema``), the running shares', then
    /// the cluster's direct links and its nodes' leases.
    static var migrations: [(id: String, statements: [PostgresQuery])] {
        [
            ("sessions.v1", sessionTables), PostgresShortCodeSchema.migration,
            (ClusterSchema.migrationID, ClusterSchema.tables), PostgresRateLimitSchema.migration,
            ClusterSchema.leadingTerm, PostgresAttachmentSchema.migration, runningShares, ClusterSchema.directLinks,
            ClusterSchema.nodeLeases,
        ]
    }

    /// Applies every migration the database has not recorded yet.
    static func migrate(client: PostgresClient, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLockKey))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at double precision NOT NULL)",
                logger: logger)
            var applied: Set<String> = []
            for try await id in try await connection.query("SELECT id FROM schema_migrations", logger: logger)
                .decode(String.self)
            {
                applied.insert(id)
            }
            for migration in migrations where !applied.contains(migration.id) {
                for statement in migration.statements {
                    try await connection.query(statement, logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migrations (id, applied_at) VALUES (\(migration.id), \(Date().timeIntervalSince1970))",
                    logger: logger)
            }
        }
    }

    /// Every session table and index, as SQLite has them after all its migrations.
    /// Each session's running screen share, kept until it ends.
    private static var runningShares: (id: String, statements: [PostgresQuery]) {
        (
            "running_shares.v1",
            [
                """
                CREATE TABLE running_shares (
                  session_id text PRIMARY KEY REFERENCES sessions ON DELETE CASCADE,
                  request_id text NOT NULL,
                  source text NOT NULL,
                  control_request_id text)
                """
            ]
        )
    }

    private static var sessionTables: [PostgresQuery] {
        [
            """
            CREATE TABLE sessions (
              id text PRIMARY KEY,
              destination text NOT NULL,
              hello text NOT NULL,
              state text NOT NULL,
              agent_id text,
              created_at double precision NOT NULL,
              assigned_at double precision,
              ended_at double precision,
              end_reason text,
              escalation_cid text)
            """,
            "CREATE INDEX sessions_by_state ON sessions (state, created_at)",
            "CREATE INDEX sessions_by_escalation ON sessions (escalation_cid)",
            """
            CREATE TABLE streams (
              id text PRIMARY KEY,
              resume_token_sha256 bytea NOT NULL UNIQUE,
              last_sent_seq bigint NOT NULL,
              peer_acknowledged_seq bigint NOT NULL,
              last_received_seq bigint NOT NULL)
            """,
            """
            CREATE TABLE outbox (
              stream_id text NOT NULL REFERENCES streams ON DELETE CASCADE,
              seq bigint NOT NULL,
              frame text NOT NULL,
              PRIMARY KEY (stream_id, seq))
            """,
            """
            CREATE TABLE chat_messages (
              id text PRIMARY KEY,
              session_id text NOT NULL REFERENCES sessions ON DELETE CASCADE,
              sender text NOT NULL,
              client_message_id text NOT NULL,
              text text NOT NULL,
              sent_at double precision NOT NULL,
              insertion_order bigint GENERATED ALWAYS AS IDENTITY,
              UNIQUE (session_id, sender, client_message_id))
            """,
            """
            CREATE TABLE pending_requests (
              session_id text NOT NULL REFERENCES sessions ON DELETE CASCADE,
              request_id text NOT NULL,
              kind text NOT NULL,
              PRIMARY KEY (session_id, request_id))
            """,
            """
            CREATE TABLE accepted_calls (
              session_id text PRIMARY KEY REFERENCES sessions ON DELETE CASCADE,
              request_id text NOT NULL)
            """,
        ]
    }
}
