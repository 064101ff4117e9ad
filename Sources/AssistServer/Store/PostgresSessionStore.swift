import AssistCore
import Foundation
import Logging
import PostgresNIO

/// The session store on PostgreSQL, for servers that share one database:
/// the same tables, statements and answers as the SQLite ``SessionStore``.
///
/// It queries through a `PostgresClient` whose `run()` its owner keeps
/// running in a task (the client is a ServiceLifecycle service); every
/// value reaches the server as a bound parameter.
struct PostgresSessionStore: SessionStorage {
    private let client: PostgresClient
    private let logger: Logger
    /// The cluster leader's term every commit checks, when the store
    /// belongs to a leader's hub.
    private let fence: LeaderFence?

    /// Opens the store on `client`, which must be running, applying the
    /// migrations the database lacks (``PostgresSessionSchema``).
    init(migrating client: PostgresClient, logger: Logger) async throws {
        try await PostgresSessionSchema.migrate(client: client, logger: logger)
        self.init(client: client, logger: logger, fence: nil)
    }

    /// The store on a migrated database, whose commits check `fence` when given.
    init(client: PostgresClient, logger: Logger, fence: LeaderFence?) {
        self.client = client
        self.logger = logger
        self.fence = fence
    }

    /// Writes several events' changes in one transaction, each event's in
    /// the order the SQLite store writes them; a stream's resume token
    /// digest is written only with a new row, as there.
    func commit(_ events: [StoreChanges]) async throws {
        let events = events.filter { !$0.isEmpty }
        guard !events.isEmpty else { return }
        let logger = logger
        let fence = fence
        try await client.withTransaction(logger: logger) { connection in
            try await fence?.check(on: connection, logger: logger)
            for changes in events { try await Self.write(changes, on: connection, logger: logger) }
        }
    }

    /// Writes one event's changes inside the caller's transaction.
    private static func write(_ changes: StoreChanges, on connection: PostgresConnection, logger: Logger) async throws {
        for session in changes.sessions {
            try await connection.query(upsert(session), logger: logger)
        }
        for streamID in changes.restartedStreams {
            try await connection.query("DELETE FROM streams WHERE id = \(streamID)", logger: logger)
        }
        for stream in changes.streams {
            try await connection.query(
                """
                INSERT INTO streams (id, resume_token_sha256, last_sent_seq, peer_acknowledged_seq, last_received_seq)
                VALUES (\(stream.id), \(stream.resumeDigest.bytes), \(stream.lastSentSeq), \(stream.peerAcknowledgedSeq),
                  \(stream.lastReceivedSeq))
                ON CONFLICT (id) DO UPDATE SET last_sent_seq = excluded.last_sent_seq,
                  peer_acknowledged_seq = excluded.peer_acknowledged_seq,
                  last_received_seq = excluded.last_received_seq
                """, logger: logger)
        }
        for append in changes.outboxAppends {
            try await connection.query(
                """
                INSERT INTO outbox (stream_id, seq, frame) VALUES (\(append.streamID), \(append.seq), \(append.frame))
                ON CONFLICT (stream_id, seq) DO UPDATE SET frame = excluded.frame
                """, logger: logger)
        }
        for trim in changes.outboxTrims {
            try await connection.query(
                "DELETE FROM outbox WHERE stream_id = \(trim.streamID) AND seq <= \(trim.upTo)", logger: logger)
        }
        for closed in changes.requestsClosed {
            if let requestID = closed.requestID {
                try await connection.query(
                    """
                    DELETE FROM pending_requests
                    WHERE session_id = \(closed.sessionID.rawValue) AND request_id = \(requestID.rawValue)
                    """, logger: logger)
            } else {
                try await connection.query(
                    "DELETE FROM pending_requests WHERE session_id = \(closed.sessionID.rawValue)", logger: logger)
            }
        }
        for opened in changes.requestsOpened {
            try await connection.query(
                """
                INSERT INTO pending_requests (session_id, request_id, kind)
                VALUES (\(opened.sessionID.rawValue), \(opened.requestID.rawValue), \(opened.kind.rawValue))
                ON CONFLICT (session_id, request_id) DO UPDATE SET kind = excluded.kind
                """, logger: logger)
        }
        for ended in changes.callsEnded {
            try await connection.query(
                "DELETE FROM accepted_calls WHERE session_id = \(ended.rawValue)", logger: logger)
        }
        for accepted in changes.callsAccepted {
            try await connection.query(
                """
                INSERT INTO accepted_calls (session_id, request_id)
                VALUES (\(accepted.sessionID.rawValue), \(accepted.requestID.rawValue))
                ON CONFLICT (session_id) DO UPDATE SET request_id = excluded.request_id
                """, logger: logger)
        }
        for written in changes.shares {
            if let share = written.share {
                try await connection.query(
                    """
                    INSERT INTO running_shares (session_id, request_id, source, control_request_id)
                    VALUES (\(written.sessionID.rawValue), \(share.requestID.rawValue), \(share.source.rawValue),
                      \(share.controlRequestID?.rawValue))
                    ON CONFLICT (session_id) DO UPDATE SET request_id = excluded.request_id, source = excluded.source,
                      control_request_id = excluded.control_request_id
                    """, logger: logger)
            } else {
                try await connection.query(
                    "DELETE FROM running_shares WHERE session_id = \(written.sessionID.rawValue)", logger: logger)
            }
        }
        for chat in changes.chats {
            try await connection.query(
                """
                INSERT INTO chat_messages (id, session_id, sender, client_message_id, text, sent_at, attachment)
                VALUES (\(chat.message.id.rawValue), \(chat.sessionID.rawValue), \(chat.sender),
                  \(chat.clientMessageID.rawValue), \(chat.message.text), \(chat.message.sentAt.timeIntervalSince1970),
                  \(chat.attachmentColumn))
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
    }

    /// The open session whose consumer's stream has the resume token with
    /// `digest`, as a node that does not hold the sessions in memory finds it.
    func openSession(forResumeDigest digest: SecretDigest) async throws -> SessionID? {
        let rows = try await client.query(
            """
            SELECT s.id FROM streams t JOIN sessions s ON t.id = 'consumer:' || s.id
            WHERE t.resume_token_sha256 = \(digest.bytes) AND s.state != \(SessionPhase.ended.rawValue)
            """, logger: logger)
        for try await id in rows.decode(String.self) { return SessionID(id) }
        return nil
    }

    /// Returns when the server answers a trivial query.
    func checkReachable() async throws {
        try await client.query("SELECT 1", logger: logger)
    }

    /// Every session that has not ended, oldest first.
    func openSessions() async throws -> [SessionRow] {
        let rows = try await client.query(
            """
            SELECT id, destination, hello, state, agent_id, created_at, assigned_at, ended_at, end_reason
            FROM sessions WHERE state != \(SessionPhase.ended.rawValue) ORDER BY created_at
            """, logger: logger)
        var sessions: [SessionRow] = []
        for try await columns in rows.decode(
            (String, String, String, String, String?, Double, Double?, Double?, String?).self)
        {
            if let session = Self.session(columns) { sessions.append(session) }
        }
        return sessions
    }

    /// The session with `id`, open or ended, if the database has it.
    func session(id: SessionID) async throws -> SessionRow? {
        let rows = try await client.query(
            """
            SELECT id, destination, hello, state, agent_id, created_at, assigned_at, ended_at, end_reason
            FROM sessions WHERE id = \(id.rawValue)
            """, logger: logger)
        var found: SessionRow?
        for try await columns in rows.decode(
            (String, String, String, String, String?, Double, Double?, Double?, String?).self)
        {
            found = Self.session(columns)
        }
        return found
    }

    /// Whether a session was ever opened with the session token of the short
    /// code whose correlation id is `correlationID`.
    func hasEscalatedSession(correlationID: String) async throws -> Bool {
        let rows = try await client.query(
            "SELECT EXISTS (SELECT 1 FROM sessions WHERE escalation_cid = \(correlationID))", logger: logger)
        var found = false
        for try await exists in rows.decode(Bool.self) { found = exists }
        return found
    }

    /// The requests waiting for a consumer's answer, by session.
    func pendingRequests() async throws -> [SessionID: [RequestID: ConsentKind]] {
        let rows = try await client.query("SELECT session_id, request_id, kind FROM pending_requests", logger: logger)
        var pending: [SessionID: [RequestID: ConsentKind]] = [:]
        for try await (sessionID, requestID, kindName) in rows.decode((String, String, String).self) {
            guard let kind = ConsentKind(rawValue: kindName) else { continue }
            pending[SessionID(sessionID), default: [:]][RequestID(requestID)] = kind
        }
        return pending
    }

    /// Each session's running screen share, as it was last written.
    func runningShares() async throws -> [SessionID: KeptShare] {
        let rows = try await client.query(
            "SELECT session_id, request_id, source, control_request_id FROM running_shares", logger: logger)
        var shares: [SessionID: KeptShare] = [:]
        for try await (session, request, source, control) in rows.decode((String, String, String, String?).self) {
            guard let source = SharedSource(rawValue: source) else { continue }
            shares[SessionID(session)] = KeptShare(
                requestID: RequestID(request), source: source, controlRequestID: control.map(RequestID.init))
        }
        return shares
    }

    /// The request of each session's accepted call that had not ended.
    func acceptedCalls() async throws -> [SessionID: RequestID] {
        let rows = try await client.query("SELECT session_id, request_id FROM accepted_calls", logger: logger)
        var calls: [SessionID: RequestID] = [:]
        for try await (sessionID, requestID) in rows.decode((String, String).self) {
            calls[SessionID(sessionID)] = RequestID(requestID)
        }
        return calls
    }

    /// A stream's stored state and its unacknowledged frames, oldest first,
    /// read in one transaction so the frames belong to the row.
    func stream(id: String) async throws -> (row: StreamRow, frames: [String])? {
        let logger = logger
        return try await client.withTransaction(logger: logger) { connection -> (row: StreamRow, frames: [String])? in
            let rows = try await connection.query(
                """
                SELECT resume_token_sha256, last_sent_seq, peer_acknowledged_seq, last_received_seq
                FROM streams WHERE id = \(id)
                """, logger: logger)
            var found: StreamRow?
            for try await (stored, lastSent, acknowledged, lastReceived) in rows.decode((Data, Int, Int, Int).self) {
                found = SecretDigest(stored: stored).map { digest in
                    StreamRow(
                        id: id, resumeDigest: digest, lastSentSeq: lastSent, peerAcknowledgedSeq: acknowledged,
                        lastReceivedSeq: lastReceived)
                }
            }
            guard let found else { return nil }
            var frames: [String] = []
            for try await frame in try await connection.query(
                "SELECT frame FROM outbox WHERE stream_id = \(id) ORDER BY seq", logger: logger
            ).decode(String.self) {
                frames.append(frame)
            }
            return (found, frames)
        }
    }

    /// The id of the stream whose resume token has `digest`.
    func streamID(forResumeDigest digest: SecretDigest) async throws -> String? {
        let rows = try await client.query(
            "SELECT id FROM streams WHERE resume_token_sha256 = \(digest.bytes)", logger: logger)
        var found: String?
        for try await id in rows.decode(String.self) { found = id }
        return found
    }

    /// A session's transcript, oldest first (then in the order stored), with
    /// who sent each message.
    func transcript(of session: SessionID) async throws -> [StoredChat] {
        let rows = try await client.query(
            """
            SELECT id, sender, client_message_id, text, sent_at, attachment FROM chat_messages
            WHERE session_id = \(session.rawValue) ORDER BY sent_at, insertion_order
            """, logger: logger)
        var transcript: [StoredChat] = []
        for try await (id, sender, clientMessageID, text, sentAt, attachment) in rows.decode(
            (String, String, String, String, Double, String?).self)
        {
            transcript.append(
                StoredChat(
                    sessionID: session, clientMessageID: ClientMessageID(clientMessageID),
                    message: ChatMessage(
                        id: ServerMessageID(id), author: StoredChat.author(ofSender: sender), text: text,
                        sentAt: Date(timeIntervalSince1970: sentAt),
                        attachment: StoredChat.attachment(ofColumn: attachment))))
        }
        return transcript
    }

    /// How long recently ended sessions were handled (assignment to end),
    /// newest first, per destination.
    func recentHandleTimes(limit: Int) async throws -> [(destination: String, seconds: Double)] {
        let rows = try await client.query(
            """
            SELECT destination, ended_at - assigned_at AS seconds FROM sessions
            WHERE state = \(SessionPhase.ended.rawValue) AND assigned_at IS NOT NULL AND ended_at IS NOT NULL
            ORDER BY ended_at DESC LIMIT \(limit)
            """, logger: logger)
        var times: [(destination: String, seconds: Double)] = []
        for try await (destination, seconds) in rows.decode((String, Double).self) {
            times.append((destination, seconds))
        }
        return times
    }

    /// The statement writing `session`: a new row whole, an existing one
    /// only in the columns that change after it was opened.
    private static func upsert(_ session: SessionRow) throws -> PostgresQuery {
        let hello = String(decoding: try JSONEncoder().encode(session.hello), as: UTF8.self)
        return """
            INSERT INTO sessions (id, destination, hello, state, agent_id, created_at, assigned_at, ended_at, end_reason,
              escalation_cid)
            VALUES (\(session.id.rawValue), \(session.destination), \(hello), \(session.phase.rawValue), \(session.agentID),
              \(session.createdAt.timeIntervalSince1970), \(session.assignedAt?.timeIntervalSince1970),
              \(session.endedAt?.timeIntervalSince1970), \(session.endReason?.rawValue), \(session.escalationCorrelationID))
            ON CONFLICT (id) DO UPDATE SET state = excluded.state, agent_id = excluded.agent_id,
              assigned_at = excluded.assigned_at, ended_at = excluded.ended_at, end_reason = excluded.end_reason
            """
    }

    /// A session from its columns, or `nil` when its state or `hello` is
    /// not one this server reads (as the SQLite store skips it).
    private static func session(
        _ columns: (String, String, String, String, String?, Double, Double?, Double?, String?)
    ) -> SessionRow? {
        let (id, destination, helloText, state, agentID, createdAt, assignedAt, endedAt, endReason) = columns
        guard let phase = SessionPhase(rawValue: state),
            let hello = try? JSONDecoder().decode(ConsumerHello.self, from: Data(helloText.utf8))
        else { return nil }
        return SessionRow(
            id: SessionID(id), destination: destination, hello: hello, phase: phase, agentID: agentID,
            createdAt: Date(timeIntervalSince1970: createdAt),
            assignedAt: assignedAt.map(Date.init(timeIntervalSince1970:)),
            endedAt: endedAt.map(Date.init(timeIntervalSince1970:)),
            endReason: endReason.map(SessionEndReason.init(rawValue:)))
    }
}
