import AssistCore
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Attachments on the PostgreSQL a cluster shares: the same rows and answers
/// as the SQLite ``AttachmentStore``. An append locks its attachment's row
/// (`SELECT … FOR UPDATE`), so two requests appending at once through two
/// nodes cannot both write at the same offset.
struct PostgresAttachmentStore: AttachmentStorage {
    private let client: PostgresClient
    private let logger: Logger

    /// The store on `client`, which must be running and migrated
    /// (``PostgresSessionSchema``).
    init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    func create(_ record: AttachmentRecord) async throws {
        try await client.query(
            """
            INSERT INTO attachments (id, session_id, uploader, name, media_type, size, received, created_at)
            VALUES (\(record.id), \(record.sessionID.rawValue), \(record.uploader), \(record.name), \(record.mediaType),
              \(record.size), \(record.received), \(record.createdAt.timeIntervalSince1970))
            """, logger: logger)
    }

    func attachment(id: String) async throws -> AttachmentRecord? {
        let rows = try await client.query(
            """
            SELECT id, session_id, uploader, name, media_type, size, received, created_at
            FROM attachments WHERE id = \(id)
            """, logger: logger)
        for try await (id, session, uploader, name, mediaType, size, received, createdAt) in rows.decode(
            (String, String, String, String, String, Int64, Int64, Double).self)
        {
            return AttachmentRecord(
                id: id, sessionID: SessionID(session), uploader: uploader, name: name, mediaType: mediaType, size: size,
                received: received, createdAt: Date(timeIntervalSince1970: createdAt))
        }
        return nil
    }

    func append(_ bytes: [UInt8], to id: String, at offset: Int64) async throws -> AttachmentAppend {
        let logger = logger
        return try await client.withTransaction(logger: logger) { connection in
            var stored: Int64?
            for try await received in try await connection.query(
                "SELECT received FROM attachments WHERE id = \(id) FOR UPDATE", logger: logger
            ).decode(Int64.self) {
                stored = received
            }
            guard let stored else { return .unknown }
            guard stored == offset else { return .offsetMismatch(received: stored) }
            let now = offset + Int64(bytes.count)
            try await connection.query(
                "INSERT INTO attachment_chunks (attachment_id, start, bytes) VALUES (\(id), \(offset), \(ByteBuffer(bytes: bytes)))",
                logger: logger)
            try await connection.query("UPDATE attachments SET received = \(now) WHERE id = \(id)", logger: logger)
            return .stored(received: now)
        }
    }

    func chunk(of id: String, at offset: Int64) async throws -> [UInt8]? {
        let rows = try await client.query(
            "SELECT bytes FROM attachment_chunks WHERE attachment_id = \(id) AND start = \(offset)", logger: logger)
        for try await bytes in rows.decode(ByteBuffer.self) { return Array(bytes.readableBytesView) }
        return nil
    }

    func delete(id: String) async throws {
        try await client.query("DELETE FROM attachments WHERE id = \(id)", logger: logger)
    }

    func purge(sessionsEndedBefore ended: Date, uploadsStartedBefore abandoned: Date) async throws -> Int {
        let rows = try await client.query(
            """
            DELETE FROM attachments
            WHERE session_id IN (
                SELECT id FROM sessions WHERE state = \(SessionPhase.ended.rawValue)
                  AND ended_at < \(ended.timeIntervalSince1970))
              OR (received < size AND created_at < \(abandoned.timeIntervalSince1970))
            RETURNING id
            """, logger: logger)
        var count = 0
        for try await _ in rows.decode(String.self) { count += 1 }
        return count
    }

    func parties(of id: SessionID) async throws -> SessionParties? {
        let rows = try await client.query(
            "SELECT state, agent_id FROM sessions WHERE id = \(id.rawValue)", logger: logger)
        for try await (state, agentID) in rows.decode((String, String?).self) {
            return SessionPhase(rawValue: state).map { SessionParties(phase: $0, agentID: agentID) }
        }
        return nil
    }
}
