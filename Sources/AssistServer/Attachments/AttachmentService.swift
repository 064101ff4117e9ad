import AssistCore
import Foundation
import Hummingbird
import Logging

/// What the attachment endpoints do, apart from HTTP: checks who asks and
/// what they send against the session and the ``AttachmentPolicy``, and
/// streams bytes into and out of the ``AttachmentStorage`` one chunk at a
/// time.
struct AttachmentService: Sendable {
    let storage: any AttachmentStorage
    let policy: AttachmentPolicy
    /// Seals the tickets of complete uploads.
    let tickets: AttachmentTickets
    /// Masks sensitive numbers in file names, as in chat text (§11.7), before they are stored.
    let masker: ChatMasker
    let logger: Logger
    /// The time now (a parameter for tests).
    var now: @Sendable () -> Date = { Date() }

    /// Starts an upload by `party`: the session must be open and theirs, the
    /// size within the limit, the type allowed.
    func start(_ request: AttachmentUploadRequest, by party: AttachmentParty) async throws -> AttachmentRecord {
        let session: SessionID
        switch (party, request.sid) {
        case (.consumer(let own), let named): session = named.map(SessionID.init) ?? own
        case (.agent, let named?): session = SessionID(named)
        case (.agent, nil): throw AttachmentRefusal.malformed("An agent's upload must name its session (sid).")
        }
        guard let shown = request.shownName else { throw AttachmentRefusal.malformed("The file has no usable name.") }
        let name = masker.mask(shown).text
        guard request.size > 0 else { throw AttachmentRefusal.malformed("The file is empty.") }
        guard request.size <= policy.maxBytes else { throw AttachmentRefusal.tooLarge(limit: policy.maxBytes) }
        guard policy.mediaTypes.contains(request.mediaType) else {
            throw AttachmentRefusal.typeNotAllowed(request.mediaType)
        }
        let parties = try await stored { try await storage.parties(of: session) }
        guard let parties, party.takesPart(in: session, parties: parties) else { throw AttachmentRefusal.notAParty }
        guard parties.phase != .ended else { throw AttachmentRefusal.sessionEnded }
        let record = AttachmentRecord(
            id: "f-" + RandomSecret.fresh(), sessionID: session, uploader: party.uploader, name: name,
            mediaType: request.mediaType, size: request.size, received: 0, createdAt: now())
        try await stored { try await storage.create(record) }
        return record
    }

    /// Appends `body` to `party`'s upload `id` from `offset`, which must be
    /// what the server holds; the first bytes must be of the declared type.
    /// Returns the upload as it stands after.
    func append(
        _ body: some AsyncSequence<ByteBuffer, any Error> & Sendable, to id: String, at offset: Int64,
        by party: AttachmentParty
    ) async throws -> AttachmentRecord {
        var record = try await attachment(id, for: party)
        guard record.uploader == party.uploader else { throw AttachmentRefusal.notAParty }
        let parties = try await stored { try await storage.parties(of: record.sessionID) }
        guard parties?.phase != .ended else { throw AttachmentRefusal.sessionEnded }
        guard offset == record.received else { throw AttachmentRefusal.offsetMismatch(received: record.received) }
        var pending: [UInt8] = []
        pending.reserveCapacity(AttachmentRecord.chunkSize)
        for try await var buffer in body {
            while buffer.readableBytes > 0 {
                let count = min(buffer.readableBytes, AttachmentRecord.chunkSize - pending.count)
                pending += buffer.readBytes(length: count) ?? []
                guard record.received + Int64(pending.count) <= record.size else {
                    try await stored { try await storage.delete(id: id) }
                    throw AttachmentRefusal.malformed("The file is longer than the size it was announced with.")
                }
                if pending.count == AttachmentRecord.chunkSize {
                    record.received = try await store(pending, of: record)
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        if !pending.isEmpty { record.received = try await store(pending, of: record) }
        return record
    }

    /// `party`'s view of attachment `id`: it must take part in its session.
    func attachment(_ id: String, for party: AttachmentParty) async throws -> AttachmentRecord {
        guard let record = try await stored({ try await storage.attachment(id: id) }),
            let parties = try await stored({ try await storage.parties(of: record.sessionID) }),
            party.takesPart(in: record.sessionID, parties: parties)
        else { throw AttachmentRefusal.notFound }
        return record
    }

    /// Writes the bytes of complete attachment `record` to `writer`, chunk
    /// by chunk, and finishes it.
    func write(_ record: AttachmentRecord, to writer: inout any ResponseBodyWriter) async throws {
        var offset: Int64 = 0
        while offset < record.size {
            guard let chunk = try await stored({ try await storage.chunk(of: record.id, at: offset) }), !chunk.isEmpty
            else { throw AttachmentRefusal.storageFailed }
            try await writer.write(ByteBuffer(bytes: chunk))
            offset += Int64(chunk.count)
        }
        try await writer.finish(nil)
    }

    /// The ticket `party` sends `record` with in chat: only for its uploader, once complete.
    func ticket(for record: AttachmentRecord, to party: AttachmentParty) throws -> AttachmentTicket? {
        guard record.isComplete, record.uploader == party.uploader else { return nil }
        return try tickets.issue(for: record)
    }

    /// Deletes `party`'s own attachment `id` (a cancelled upload).
    func delete(_ id: String, by party: AttachmentParty) async throws {
        let record = try await attachment(id, for: party)
        guard record.uploader == party.uploader else { throw AttachmentRefusal.notAParty }
        try await stored { try await storage.delete(id: id) }
    }

    /// Deletes what the policy no longer keeps; how many attachments.
    func purge() async throws -> Int {
        let now = now()
        return try await storage.purge(
            sessionsEndedBefore: now.addingTimeInterval(-policy.retention),
            uploadsStartedBefore: now.addingTimeInterval(-AttachmentPolicy.abandonedUploadLifetime))
    }

    /// Stores one chunk; the first is checked against the declared type.
    private func store(_ bytes: [UInt8], of record: AttachmentRecord) async throws -> Int64 {
        if record.received == 0 {
            guard bytes.count >= min(Int64(MediaTypeSniffer.windowSize), record.size) else {
                throw AttachmentRefusal.malformed("The first part of a file must hold at least its first 4,096 bytes.")
            }
            let found = MediaTypeSniffer.mediaType(of: bytes, isWhole: Int64(bytes.count) == record.size)
            guard found == record.mediaType else {
                try await stored { try await storage.delete(id: record.id) }
                throw AttachmentRefusal.contentMismatch(declared: record.mediaType)
            }
        }
        switch try await stored({ try await storage.append(bytes, to: record.id, at: record.received) }) {
        case .stored(let received): return received
        case .offsetMismatch(let received): throw AttachmentRefusal.offsetMismatch(received: received)
        case .unknown: throw AttachmentRefusal.notFound
        }
    }

    /// Runs a storage step; its failure is logged and refused as ``AttachmentRefusal/storageFailed``.
    private func stored<T>(_ step: () async throws -> T) async throws -> T {
        do {
            return try await step()
        } catch let refusal as AttachmentRefusal {
            throw refusal
        } catch {
            logger.error("attachment storage failed", metadata: ["error": "\(error)"])
            throw AttachmentRefusal.storageFailed
        }
    }
}
