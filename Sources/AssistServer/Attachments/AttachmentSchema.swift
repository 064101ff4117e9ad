import GRDB

/// The attachment tables in the server's SQLite database: `attachments`,
/// one row per file, and `attachment_chunks`, its bytes by offset. Both go
/// with their session (`ON DELETE CASCADE`); a chat message that carries
/// a file keeps its description (``AttachmentInfo`` as JSON) in
/// `chat_messages.attachment`.
enum AttachmentSchema {
    /// Registers the tables' migrations.
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("attachments.v1") { db in
            try db.create(table: "attachments") { table in
                table.primaryKey("id", .text)
                table.column("session_id", .text).notNull().references("sessions", onDelete: .cascade).indexed()
                table.column("uploader", .text).notNull()
                table.column("name", .text).notNull()
                table.column("media_type", .text).notNull()
                table.column("size", .integer).notNull()
                table.column("received", .integer).notNull()
                table.column("created_at", .double).notNull()
            }
            try db.create(table: "attachment_chunks") { table in
                table.column("attachment_id", .text).notNull().references("attachments", onDelete: .cascade)
                table.column("start", .integer).notNull()
                table.column("bytes", .blob).notNull()
                table.primaryKey(["attachment_id", "start"])
            }
            try db.alter(table: "chat_messages") { table in table.add(column: "attachment", .text) }
        }
    }
}
