import GRDB

/// The tables that make sessions survive a restart: sessions, the delivery
/// state of every stream (a consumer's session, or an agent), the frames a
/// peer has not acknowledged yet, and the chat transcript. A session opened
/// with a short code's session token records the code's correlation id in
/// `escalation_cid`, so the token cannot open a second session. Requests
/// (screen share, control, push) waiting for the consumer's answer are kept
/// in `pending_requests`, so an answer after a restart is still accepted.
///
/// `outbox` is written by nearly every commit, so it is a `WITHOUT ROWID`
/// table: one B-tree keyed by stream and `seq` instead of a table and its
/// key index, half the pages a commit writes for it.
enum SessionSchema {
    /// Registers the tables' migrations.
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("sessions.v1") { db in
            try db.create(table: "sessions") { table in
                table.primaryKey("id", .text)
                table.column("destination", .text).notNull()
                table.column("hello", .text).notNull()
                table.column("state", .text).notNull()
                table.column("agent_id", .text)
                table.column("created_at", .double).notNull()
                table.column("assigned_at", .double)
                table.column("ended_at", .double)
                table.column("end_reason", .text)
            }
            try db.create(index: "sessions_by_state", on: "sessions", columns: ["state", "created_at"])
            try db.create(table: "streams") { table in
                table.primaryKey("id", .text)
                table.column("resume_token", .text).notNull().unique()
                table.column("last_sent_seq", .integer).notNull()
                table.column("peer_acknowledged_seq", .integer).notNull()
                table.column("last_received_seq", .integer).notNull()
            }
            try db.create(table: "outbox") { table in
                table.column("stream_id", .text).notNull().references("streams", onDelete: .cascade)
                table.column("seq", .integer).notNull()
                table.column("frame", .text).notNull()
                table.primaryKey(["stream_id", "seq"])
            }
            try db.create(table: "chat_messages") { table in
                table.primaryKey("id", .text)
                table.column("session_id", .text).notNull().references("sessions", onDelete: .cascade)
                table.column("sender", .text).notNull()
                table.column("client_message_id", .text).notNull()
                table.column("text", .text).notNull()
                table.column("sent_at", .double).notNull()
                table.uniqueKey(["session_id", "sender", "client_message_id"])
            }
        }
        migrator.registerMigration("sessions.v2") { db in
            try db.alter(table: "sessions") { table in
                table.add(column: "escalation_cid", .text)
            }
            try db.create(index: "sessions_by_escalation", on: "sessions", columns: ["escalation_cid"])
        }
        migrator.registerMigration("pending_requests.v1") { db in
            try db.create(table: "pending_requests") { table in
                table.column("session_id", .text).notNull().references("sessions", onDelete: .cascade)
                table.column("request_id", .text).notNull()
                table.column("kind", .text).notNull()
                table.primaryKey(["session_id", "request_id"])
            }
        }
        migrator.registerMigration("outbox.v2") { db in
            try db.create(table: "outbox_v2", options: .withoutRowID) { table in
                table.column("stream_id", .text).notNull().references("streams", onDelete: .cascade)
                table.column("seq", .integer).notNull()
                table.column("frame", .text).notNull()
                table.primaryKey(["stream_id", "seq"])
            }
            try db.execute(sql: "INSERT INTO outbox_v2 (stream_id, seq, frame) SELECT stream_id, seq, frame FROM outbox")
            try db.drop(table: "outbox")
            try db.rename(table: "outbox_v2", to: "outbox")
        }
    }
}
