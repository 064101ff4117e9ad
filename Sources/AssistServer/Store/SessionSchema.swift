import GRDB

/// The tables that make sessions survive a restart: sessions, the delivery
/// state of every stream (a consumer's session, or an agent), the frames a
/// peer has not acknowledged yet, and the chat transcript. A session opened
/// with a short code's session token records the code's correlation id in
/// `escalation_cid`, so the token cannot open a second session. Requests
/// (screen share, control, push) waiting for the consumer's answer are kept
/// in `pending_requests` (a proposed call among them, kind `call`), so an
/// answer after a restart is still accepted; an accepted call that has not
/// ended is kept in `accepted_calls`, so its signaling is still relayed.
///
/// `outbox` is written by nearly every commit, so it is a `WITHOUT ROWID`
/// table: one B-tree keyed by stream and `seq` instead of a table and its
/// key index, half the pages a commit writes for it.
///
/// A stream keeps only the SHA-256 digest of its resume token
/// (`resume_token_sha256`, since `streams.v2`), and a session's `hello` is
/// stored without the short code's session token (since `sessions.v3`):
/// no token is ever written.
enum SessionSchema {
    /// The migration that replaces stored resume tokens by their digests;
    /// the database is vacuumed after it (``SupportDatabase``), so no page
    /// keeps the plain tokens.
    static let hashedResumeTokens = "streams.v2"

    /// The migration that drops the short code's session token from the
    /// stored `hello` of sessions it opened (the hub records the `hello`
    /// without it since); vacuumed after as ``hashedResumeTokens`` is.
    static let helloWithoutSessionToken = "sessions.v3"

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
        migrator.registerMigration(hashedResumeTokens) { db in
            try db.create(table: "streams_v2") { table in
                table.primaryKey("id", .text)
                table.column("resume_token_sha256", .blob).notNull().unique()
                table.column("last_sent_seq", .integer).notNull()
                table.column("peer_acknowledged_seq", .integer).notNull()
                table.column("last_received_seq", .integer).notNull()
            }
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM streams")
            while let row = try rows.next() {
                let token: String = row["resume_token"]
                try db.execute(
                    sql: """
                        INSERT INTO streams_v2 (id, resume_token_sha256, last_sent_seq, peer_acknowledged_seq,
                          last_received_seq) VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        row["id"], SecretDigest(of: token).bytes, row["last_sent_seq"], row["peer_acknowledged_seq"],
                        row["last_received_seq"],
                    ])
            }
            try db.drop(table: "streams")
            try db.rename(table: "streams_v2", to: "streams")
        }
        migrator.registerMigration(helloWithoutSessionToken) { db in
            try db.execute(
                sql: """
                    UPDATE sessions SET hello = json_set(json_remove(hello, '$.sessionToken'), '$.destination',
                      coalesce(json_extract(hello, '$.destination'), destination))
                    WHERE json_extract(hello, '$.sessionToken') IS NOT NULL
                    """)
        }
        migrator.registerMigration("accepted_calls.v1") { db in
            try db.create(table: "accepted_calls") { table in
                table.primaryKey("session_id", .text).references("sessions", onDelete: .cascade)
                table.column("request_id", .text).notNull()
            }
        }
        migrator.registerMigration("running_shares.v1") { db in
            try db.create(table: "running_shares") { table in
                table.primaryKey("session_id", .text).references("sessions", onDelete: .cascade)
                table.column("request_id", .text).notNull()
                table.column("source", .text).notNull()
                table.column("control_request_id", .text)
            }
        }
    }
}
