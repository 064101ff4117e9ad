import GRDB

/// The `short_codes` table: one row per code, from creation until it is
/// purged a while after expiry (see ``ShortCodeService/purgeExpired()``).
///
/// Since `short_codes.v2` a code's session token is kept as its SHA-256
/// digest (`session_token_sha256`, which finds the code of a token) and
/// sealed with a key that is not in the database (`session_token_sealed`,
/// which gives the same token to every redemption): never in plain text.
enum ShortCodeSchema {
    /// The migration that replaces stored session tokens by their digests
    /// and sealed forms; the database is vacuumed after it (``SupportDatabase``).
    static let sealedSessionTokens = "short_codes.v2"

    /// Registers the table's migrations; `sealer` seals the tokens of
    /// codes stored in plain text by an older server.
    static func register(in migrator: inout DatabaseMigrator, sealer: TokenSealer) {
        migrator.registerMigration("short_codes.v1") { db in
            try db.create(table: "short_codes") { table in
                table.primaryKey("code", .text)
                table.column("session_token", .text).notNull().unique()
                table.column("correlation_id", .text).notNull().unique()
                table.column("audit_name", .text)
                table.column("created_at", .double).notNull()
                table.column("expires_at", .double).notNull()
                table.column("consumer_redeemed_at", .double)
                table.column("agent_redeemed_at", .double)
                table.column("expiry_counted", .boolean).notNull().defaults(to: false)
            }
            try db.create(index: "short_codes_by_expiry", on: "short_codes", columns: ["expires_at"])
        }
        migrator.registerMigration(sealedSessionTokens) { db in
            try db.create(table: "short_codes_v2") { table in
                table.primaryKey("code", .text)
                table.column("session_token_sha256", .blob).notNull().unique()
                table.column("session_token_sealed", .blob).notNull()
                table.column("correlation_id", .text).notNull().unique()
                table.column("audit_name", .text)
                table.column("created_at", .double).notNull()
                table.column("expires_at", .double).notNull()
                table.column("consumer_redeemed_at", .double)
                table.column("agent_redeemed_at", .double)
                table.column("expiry_counted", .boolean).notNull().defaults(to: false)
            }
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM short_codes")
            while let row = try rows.next() {
                let token: String = row["session_token"]
                try db.execute(
                    sql: """
                        INSERT INTO short_codes_v2 (code, session_token_sha256, session_token_sealed, correlation_id,
                          audit_name, created_at, expires_at, consumer_redeemed_at, agent_redeemed_at, expiry_counted)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        row["code"], SecretDigest(of: token).bytes, try sealer.seal(token), row["correlation_id"],
                        row["audit_name"], row["created_at"], row["expires_at"], row["consumer_redeemed_at"],
                        row["agent_redeemed_at"], row["expiry_counted"],
                    ])
            }
            try db.drop(table: "short_codes")
            try db.rename(table: "short_codes_v2", to: "short_codes")
            try db.create(index: "short_codes_by_expiry", on: "short_codes", columns: ["expires_at"])
        }
    }
}
