import AssistCore
import Foundation

/// Where attachments' descriptions and bytes are kept, whatever the
/// database: SQLite (``AttachmentStore``) or the PostgreSQL a cluster
/// shares (``PostgresAttachmentStore``), so every node serves every file.
///
/// Bytes are kept in chunks of at most ``AttachmentRecord/chunkSize`` bytes, each a row
/// keyed by the offset it starts at, so an upload is written and a download
/// read one chunk at a time: neither holds a whole file in memory.
protocol AttachmentStorage: Sendable {
    /// Records an upload that has not received anything yet.
    func create(_ record: AttachmentRecord) async throws

    /// The attachment with `id`, if there is one.
    func attachment(id: String) async throws -> AttachmentRecord?

    /// Stores `bytes` at `offset` of attachment `id` if exactly `offset`
    /// bytes are stored, in one transaction.
    func append(_ bytes: [UInt8], to id: String, at offset: Int64) async throws -> AttachmentAppend

    /// The chunk of attachment `id` that starts at `offset`, if stored.
    func chunk(of id: String, at offset: Int64) async throws -> [UInt8]?

    /// Deletes attachment `id` and its bytes.
    func delete(id: String) async throws

    /// Deletes the attachments of sessions that ended before `ended`, and
    /// uploads started before `abandoned` that never completed; how many.
    func purge(sessionsEndedBefore ended: Date, uploadsStartedBefore abandoned: Date) async throws -> Int

    /// Who takes part in session `id` now, if the session exists.
    func parties(of id: SessionID) async throws -> SessionParties?
}

/// What an ``AttachmentStorage/append(_:to:at:)`` did.
enum AttachmentAppend: Sendable, Hashable {
    /// The bytes are stored; `received` bytes are now.
    case stored(received: Int64)
    /// The offset was not the number of bytes stored (`received`): nothing was written.
    case offsetMismatch(received: Int64)
    /// There is no such attachment (deleted, or never created).
    case unknown
}

/// A session's state and agent, as an attachment request checks them.
struct SessionParties: Sendable, Hashable {
    /// Where the session is.
    var phase: SessionPhase
    /// The agent assigned to it, if any.
    var agentID: String?
}
