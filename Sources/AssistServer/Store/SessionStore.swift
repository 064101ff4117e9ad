import AssistCore
import Foundation
import GRDB

/// Reads and writes sessions, streams, unacknowledged frames and the chat
/// transcript in the server's database.
struct SessionStore: Sendable {
    let writer: any DatabaseWriter

    /// Writes one event's changes atomically.
    func commit(_ changes: StoreChanges) throws {
        try commit([changes])
    }

    /// Writes several events' changes in one transaction, each event's in
    /// the order they happened.
    ///
    /// A stream's resume token digest is written with its row and never updated:
    /// a stream that starts again (``StoreChanges/restartedStreams``) is
    /// deleted with its frames first, so its row is written anew. Leaving
    /// the token out of the update spares the token index a write per commit.
    func commit(_ events: [StoreChanges]) throws {
        let events = events.filter { !$0.isEmpty }
        guard !events.isEmpty else { return }
        try writer.write { db in
            for changes in events { try write(changes, in: db) }
        }
    }

    /// Writes one event's changes inside the caller's transaction.
    private func write(_ changes: StoreChanges, in db: Database) throws {
        for session in changes.sessions { try upsert(session, in: db) }
        for streamID in changes.restartedStreams {
            try db.cachedStatement(sql: "DELETE FROM streams WHERE id = ?").execute(arguments: [streamID])
        }
        for stream in changes.streams {
            try db.cachedStatement(
                sql: """
                    INSERT INTO streams (id, resume_token_sha256, last_sent_seq, peer_acknowledged_seq, last_received_seq)
                    VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET last_sent_seq = excluded.last_sent_seq,
                      peer_acknowledged_seq = excluded.peer_acknowledged_seq,
                      last_received_seq = excluded.last_received_seq
                    """
            ).execute(
                arguments: [
                    stream.id, stream.resumeDigest.bytes, stream.lastSentSeq, stream.peerAcknowledgedSeq,
                    stream.lastReceivedSeq,
                ])
        }
        for append in changes.outboxAppends {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO outbox (stream_id, seq, frame) VALUES (?, ?, ?)")
                .execute(arguments: [append.streamID, append.seq, append.frame])
        }
        for trim in changes.outboxTrims {
            try db.cachedStatement(sql: "DELETE FROM outbox WHERE stream_id = ? AND seq <= ?")
                .execute(arguments: [trim.streamID, trim.upTo])
        }
        for closed in changes.requestsClosed {
            if let requestID = closed.requestID {
                try db.cachedStatement(sql: "DELETE FROM pending_requests WHERE session_id = ? AND request_id = ?")
                    .execute(arguments: [closed.sessionID.rawValue, requestID.rawValue])
            } else {
                try db.cachedStatement(sql: "DELETE FROM pending_requests WHERE session_id = ?")
                    .execute(arguments: [closed.sessionID.rawValue])
            }
        }
        for opened in changes.requestsOpened {
            try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO pending_requests (session_id, request_id, kind) VALUES (?, ?, ?)"
            ).execute(arguments: [opened.sessionID.rawValue, opened.requestID.rawValue, opened.kind.rawValue])
        }
        for ended in changes.callsEnded {
            try db.cachedStatement(sql: "DELETE FROM accepted_calls WHERE session_id = ?")
                .execute(arguments: [ended.rawValue])
        }
        for accepted in changes.callsAccepted {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO accepted_calls (session_id, request_id) VALUES (?, ?)")
                .execute(arguments: [accepted.sessionID.rawValue, accepted.requestID.rawValue])
        }
        for written in changes.shares {
            if let share = written.share {
                try db.cachedStatement(
                    sql: """
                        INSERT OR REPLACE INTO running_shares (session_id, request_id, source, control_request_id)
                        VALUES (?, ?, ?, ?)
                        """
                ).execute(
                    arguments: [
                        written.sessionID.rawValue, share.requestID.rawValue, share.source.rawValue,
                        share.controlRequestID?.rawValue,
                    ])
            } else {
                try db.cachedStatement(sql: "DELETE FROM running_shares WHERE session_id = ?")
                    .execute(arguments: [written.sessionID.rawValue])
            }
        }
        for chat in changes.chats {
            try db.cachedStatement(
                sql: """
                    INSERT OR IGNORE INTO chat_messages (id, session_id, sender, client_message_id, text, sent_at,
                      attachment)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(
                arguments: [
                    chat.message.id.rawValue, chat.sessionID.rawValue, chat.sender, chat.clientMessageID.rawValue,
                    chat.message.text, chat.message.sentAt.timeIntervalSince1970, chat.attachmentColumn,
                ])
        }
    }

    /// Returns when the database answers a trivial query.
    func checkReachable() throws {
        _ = try writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    /// Every session that has not ended, oldest first.
    func openSessions() throws -> [SessionRow] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM sessions WHERE state != ? ORDER BY created_at", arguments: [
                SessionPhase.ended.rawValue
            ]).compactMap(Self.session)
        }
    }

    /// The session with `id`, open or ended, if the database has it.
    func session(id: SessionID) throws -> SessionRow? {
        try writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM sessions WHERE id = ?", arguments: [id.rawValue]).flatMap(Self.session)
        }
    }

    /// Whether a session was ever opened with the session token of the short
    /// code whose correlation id is `correlationID`.
    func hasEscalatedSession(correlationID: String) throws -> Bool {
        try writer.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM sessions WHERE escalation_cid = ?)", arguments: [correlationID]
            ) ?? false
        }
    }

    /// The requests waiting for a consumer's answer, by session.
    func pendingRequests() throws -> [SessionID: [RequestID: ConsentKind]] {
        try writer.read { db in
            var pending: [SessionID: [RequestID: ConsentKind]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT session_id, request_id, kind FROM pending_requests") {
                guard let kind = ConsentKind(rawValue: row["kind"]) else { continue }
                pending[SessionID(row["session_id"]), default: [:]][RequestID(row["request_id"])] = kind
            }
            return pending
        }
    }

    /// The request of each session's accepted call that had not ended.
    func acceptedCalls() throws -> [SessionID: RequestID] {
        try writer.read { db in
            var calls: [SessionID: RequestID] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT session_id, request_id FROM accepted_calls") {
                calls[SessionID(row["session_id"])] = RequestID(row["request_id"])
            }
            return calls
        }
    }

    /// Each session's running screen share, as it was last written.
    func runningShares() throws -> [SessionID: KeptShare] {
        try writer.read { db in
            var shares: [SessionID: KeptShare] = [:]
            let rows = try Row.fetchAll(
                db, sql: "SELECT session_id, request_id, source, control_request_id FROM running_shares")
            for row in rows {
                guard let source = SharedSource(rawValue: row["source"]) else { continue }
                let control: String? = row["control_request_id"]
                shares[SessionID(row["session_id"])] = KeptShare(
                    requestID: RequestID(row["request_id"]), source: source, controlRequestID: control.map(RequestID.init))
            }
            return shares
        }
    }

    /// A stream's stored state and its unacknowledged frames, oldest first.
    func stream(id: String) throws -> (row: StreamRow, frames: [String])? {
        try writer.read { db in
            guard let found = try Row.fetchOne(db, sql: "SELECT * FROM streams WHERE id = ?", arguments: [id]),
                let row = Self.stream(found)
            else { return nil }
            let frames = try String.fetchAll(
                db, sql: "SELECT frame FROM outbox WHERE stream_id = ? ORDER BY seq", arguments: [id])
            return (row, frames)
        }
    }

    /// The id of the stream whose resume token has `digest`.
    func streamID(forResumeDigest digest: SecretDigest) throws -> String? {
        try writer.read { db in
            try String.fetchOne(
                db, sql: "SELECT id FROM streams WHERE resume_token_sha256 = ?", arguments: [digest.bytes])
        }
    }

    /// A session's transcript, oldest first, with who sent each message.
    func transcript(of session: SessionID) throws -> [StoredChat] {
        try writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM chat_messages WHERE session_id = ? ORDER BY sent_at, rowid",
                arguments: [session.rawValue]
            ).map { row in
                let author = StoredChat.author(ofSender: row["sender"])
                return StoredChat(
                    sessionID: session, clientMessageID: ClientMessageID(row["client_message_id"]),
                    message: ChatMessage(
                        id: ServerMessageID(row["id"]), author: author, text: row["text"],
                        sentAt: Date(timeIntervalSince1970: row["sent_at"]),
                        attachment: StoredChat.attachment(ofColumn: row["attachment"])))
            }
        }
    }

    /// How long recently ended sessions were handled (assignment to end),
    /// newest first, per destination.
    func recentHandleTimes(limit: Int) throws -> [(destination: String, seconds: Double)] {
        try writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT destination, ended_at - assigned_at AS seconds FROM sessions
                    WHERE state = ? AND assigned_at IS NOT NULL AND ended_at IS NOT NULL
                    ORDER BY ended_at DESC LIMIT ?
                    """,
                arguments: [SessionPhase.ended.rawValue, limit]
            ).map { ($0["destination"], $0["seconds"]) }
        }
    }

    private func upsert(_ session: SessionRow, in db: Database) throws {
        let hello = String(decoding: try JSONEncoder().encode(session.hello), as: UTF8.self)
        try db.cachedStatement(
            sql: """
                INSERT INTO sessions (id, destination, hello, state, agent_id, created_at, assigned_at, ended_at, end_reason,
                  escalation_cid)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET state = excluded.state, agent_id = excluded.agent_id,
                  assigned_at = excluded.assigned_at, ended_at = excluded.ended_at, end_reason = excluded.end_reason
                """
        ).execute(
            arguments: [
                session.id.rawValue, session.destination, hello, session.phase.rawValue, session.agentID,
                session.createdAt.timeIntervalSince1970, session.assignedAt?.timeIntervalSince1970,
                session.endedAt?.timeIntervalSince1970, session.endReason?.rawValue,
                session.escalationCorrelationID,
            ])
    }

    private static func session(_ row: Row) -> SessionRow? {
        let helloText: String = row["hello"]
        guard let phase = SessionPhase(rawValue: row["state"]),
            let hello = try? JSONDecoder().decode(ConsumerHello.self, from: Data(helloText.utf8))
        else { return nil }
        let assignedAt: Double? = row["assigned_at"]
        let endedAt: Double? = row["ended_at"]
        let endReason: String? = row["end_reason"]
        return SessionRow(
            id: SessionID(row["id"]), destination: row["destination"], hello: hello, phase: phase,
            agentID: row["agent_id"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
            assignedAt: assignedAt.map(Date.init(timeIntervalSince1970:)),
            endedAt: endedAt.map(Date.init(timeIntervalSince1970:)),
            endReason: endReason.map(SessionEndReason.init(rawValue:)))
    }

    private static func stream(_ row: Row) -> StreamRow? {
        guard let digest = SecretDigest(stored: row["resume_token_sha256"]) else { return nil }
        return StreamRow(
            id: row["id"], resumeDigest: digest, lastSentSeq: row["last_sent_seq"],
            peerAcknowledgedSeq: row["peer_acknowledged_seq"], lastReceivedSeq: row["last_received_seq"])
    }
}
