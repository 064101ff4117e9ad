import AssistCore
import Foundation
import GRDB

/// Attachments in the server's SQLite database (``AttachmentSchema``).
struct AttachmentStore: AttachmentStorage {
    /// The connection attachments are read and written through.
    let writer: any DatabaseWriter

    func create(_ record: AttachmentRecord) async throws {
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO attachments (id, session_id, uploader, name, media_type, size, received, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    record.id, record.sessionID.rawValue, record.uploader, record.name, record.mediaType, record.size,
                    record.received, record.createdAt.timeIntervalSince1970,
                ])
        }
    }

    func attachment(id: String) async throws -> AttachmentRecord? {
        try await writer.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT id, session_id, uploader, name, media_type, size, received, created_at
                    FROM attachments WHERE id = ?
                    """, arguments: [id]
            ).map { row in
                AttachmentRecord(
                    id: row[0], sessionID: SessionID(row[1] as String), uploader: row[2], name: row[3], mediaType: row[4],
                    size: row[5], received: row[6], createdAt: Date(timeIntervalSince1970: row[7]))
            }
        }
    }

    func append(_ bytes: [UInt8], to id: String, at offset: Int64) async throws -> AttachmentAppend {
        try await writer.write { db in
            guard let received = try Int64.fetchOne(db, sql: "SELECT received FROM attachments WHERE id = ?", arguments: [id])
            else { return .unknown }
            guard received == offset else { return .offsetMismatch(received: received) }
            try db.execute(
                sql: "INSERT INTO attachment_chunks (attachment_id, start, bytes) VALUES (?, ?, ?)",
                arguments: [id, offset, Data(bytes)])
            let now = offset + Int64(bytes.count)
            try db.execute(sql: "UPDATE attachments SET received = ? WHERE id = ?", arguments: [now, id])
            return .stored(received: now)
        }
    }

    func chunk(of id: String, at offset: Int64) async throws -> [UInt8]? {
        try await writer.read { db in
            try Data.fetchOne(
                db, sql: "SELECT bytes FROM attachment_chunks WHERE attachment_id = ? AND start = ?", arguments: [id, offset]
            ).map { [UInt8]($0) }
        }
    }

    func delete(id: String) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM attachments WHERE id = ?", arguments: [id])
        }
    }

    func purge(sessionsEndedBefore ended: Date, uploadsStartedBefore abandoned: Date) async throws -> Int {
        try await writer.write { db in
            try db.execute(
                sql: """
                    DELETE FROM attachments
                    WHERE session_id IN (SELECT id FROM sessions WHERE state = ? AND ended_at < ?)
                      OR (received < size AND created_at < ?)
                    """,
                arguments: [
                    SessionPhase.ended.rawValue, ended.timeIntervalSince1970, abandoned.timeIntervalSince1970,
                ])
            return db.changesCount
        }
    }

    func parties(of id: SessionID) async throws -> SessionParties? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT state, agent_id FROM sessions WHERE id = ?", arguments: [id.rawValue])
                .flatMap { row in
                    SessionPhase(rawValue: row[0]).map { SessionParties(phase: $0, agentID: row[1]) }
                }
        }
    }
}
