import GRDB

/// The `short_codes` table: one row per code, from creation until it is
/// purged a while after expiry (see ``ShortCodeService/purgeExpired()``).
enum ShortCodeSchema {
    /// Registers the table's migrations.
    static func register(in migrator: inout DatabaseMigrator) {
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
    }
}
