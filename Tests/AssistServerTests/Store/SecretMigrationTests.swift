import AssistCore
@testable import AssistServer
import Foundation
import GRDB
import Testing

@Suite("Migrating tokens stored in plain text")
struct SecretMigrationTests {
    private static let resumeToken = "old-resume-token-0123456789abcdefghijklmnop"
    private static let sessionToken = "old-session-token-0123456789abcdefghijklmn"

    /// A database as the server before `short_codes.v2` left it: a session
    /// opened by short code (its `hello` holding the session token), its
    /// stream with a plain resume token and one unacknowledged frame, and the
    /// code, redeemed by the consumer, with a plain session token.
    private static func writeOldDatabase(at path: String, now: Date) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('short_codes.v1'), ('sessions.v1'), ('sessions.v2'),
                      ('pending_requests.v1'), ('outbox.v2');
                    CREATE TABLE short_codes (code TEXT PRIMARY KEY NOT NULL, session_token TEXT NOT NULL UNIQUE,
                      correlation_id TEXT NOT NULL UNIQUE, audit_name TEXT, created_at DOUBLE NOT NULL,
                      expires_at DOUBLE NOT NULL, consumer_redeemed_at DOUBLE, agent_redeemed_at DOUBLE,
                      expiry_counted BOOLEAN NOT NULL DEFAULT 0);
                    CREATE INDEX short_codes_by_expiry ON short_codes(expires_at);
                    CREATE TABLE sessions (id TEXT PRIMARY KEY NOT NULL, destination TEXT NOT NULL, hello TEXT NOT NULL,
                      state TEXT NOT NULL, agent_id TEXT, created_at DOUBLE NOT NULL, assigned_at DOUBLE,
                      ended_at DOUBLE, end_reason TEXT, escalation_cid TEXT);
                    CREATE INDEX sessions_by_state ON sessions(state, created_at);
                    CREATE INDEX sessions_by_escalation ON sessions(escalation_cid);
                    CREATE TABLE streams (id TEXT PRIMARY KEY NOT NULL, resume_token TEXT NOT NULL UNIQUE,
                      last_sent_seq INTEGER NOT NULL, peer_acknowledged_seq INTEGER NOT NULL,
                      last_received_seq INTEGER NOT NULL);
                    CREATE TABLE chat_messages (id TEXT PRIMARY KEY NOT NULL,
                      session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE, sender TEXT NOT NULL,
                      client_message_id TEXT NOT NULL, text TEXT NOT NULL, sent_at DOUBLE NOT NULL,
                      UNIQUE(session_id, sender, client_message_id));
                    CREATE TABLE pending_requests (session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                      request_id TEXT NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (session_id, request_id));
                    CREATE TABLE outbox (stream_id TEXT NOT NULL REFERENCES streams(id) ON DELETE CASCADE,
                      seq INTEGER NOT NULL, frame TEXT NOT NULL, PRIMARY KEY (stream_id, seq)) WITHOUT ROWID;
                    """)
            let moment = now.timeIntervalSince1970
            try db.execute(
                sql: "INSERT INTO short_codes VALUES ('ABCDEFGH', ?, 'cid-1', NULL, ?, ?, ?, NULL, 0)",
                arguments: [sessionToken, moment - 60, moment + 240, moment - 30])
            let hello = #"{"versions":[1,2],"sessionToken":"\#(sessionToken)","correlationId":"cid-1"}"#
            try db.execute(
                sql: "INSERT INTO sessions VALUES ('s-1', 'escalation', ?, 'escalating', NULL, ?, NULL, NULL, NULL, 'cid-1')",
                arguments: [hello, moment - 20])
            try db.execute(sql: "INSERT INTO streams VALUES ('consumer:s-1', ?, 1, 0, 0)", arguments: [resumeToken])
            try db.execute(
                sql: "INSERT INTO outbox VALUES ('consumer:s-1', 1, ?)",
                arguments: [#"{"v":1,"type":"agentLeft","seq":1,"body":{}}"#])
        }
        try queue.close()
    }

    @Test("an old database keeps working with its tokens hashed and sealed, and no page of it holds them in plain text")
    func oldDatabaseKeepsWorking() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        let time = VirtualTime()
        try Self.writeOldDatabase(at: folder.databasePath, now: time.now)

        let database = try SupportDatabase(path: folder.databasePath)
        let fixture = ShortCodeFixture(node: .sqlite(database), time: time)
        let store = SessionStore(writer: database.writer)
        let streamID = try store.streamID(forResumeDigest: SecretDigest(of: Self.resumeToken))
        #expect(streamID == "consumer:s-1")
        #expect(try store.stream(id: "consumer:s-1")?.frames.count == 1)
        let session = try #require(try store.openSessions().first)
        #expect(session.hello.sessionToken == nil)
        #expect(session.hello.correlationID == "cid-1")
        #expect(try store.hasEscalatedSession(correlationID: "cid-1"))
        #expect(try await fixture.service.grant(forSessionToken: Self.sessionToken)?.correlationID == "cid-1")
        let agent = try await fixture.service.redeem("ABCD-EFGH", by: .agent, from: "198.51.100.1")
        #expect(agent.sessionToken == Self.sessionToken)

        let stored = try StoredBytes(databaseAt: folder.databasePath)
        #expect(stored.places(of: Self.resumeToken).isEmpty)
        #expect(stored.places(of: Self.sessionToken).isEmpty)
    }
}
