@testable import AssistServer
import AssistCore
import Foundation
import Testing

@Suite("Storing attachments, on SQLite and PostgreSQL")
struct AttachmentStorageTests {
    private static func record(_ id: String, session: String, size: Int64, createdAt: Double = 100) -> AttachmentRecord {
        AttachmentRecord(
            id: id, sessionID: SessionID(session), uploader: "consumer", name: "\(id).png", mediaType: "image/png",
            size: size, received: 0, createdAt: Date(timeIntervalSince1970: createdAt))
    }

    @Test("parts are stored only at the offset already held, and read back chunk by chunk", arguments: StoreEngine.allCases)
    func appendsInOrder(engine: StoreEngine) async throws {
        try await engine.withFreshStores { sessions, attachments in
            try await sessions.commit(StoredRows.changes(sessions: [StoredRows.handled("s-1", assignedAt: 10, endedAt: nil)]))
            try await attachments.create(Self.record("f-1", session: "s-1", size: 5))
            #expect(try await attachments.append([1, 2, 3], to: "f-1", at: 0) == .stored(received: 3))
            #expect(try await attachments.append([9, 9], to: "f-1", at: 0) == .offsetMismatch(received: 3))
            #expect(try await attachments.append([4, 5], to: "f-1", at: 3) == .stored(received: 5))
            #expect(try await attachments.append([1], to: "f-nothing", at: 0) == .unknown)
            #expect(try await attachments.chunk(of: "f-1", at: 0) == [1, 2, 3])
            #expect(try await attachments.chunk(of: "f-1", at: 3) == [4, 5])
            #expect(try await attachments.attachment(id: "f-1")?.isComplete == true)
            #expect(try await attachments.parties(of: SessionID("s-1")) == SessionParties(phase: .assigned, agentID: "sam"))
            try await attachments.delete(id: "f-1")
            #expect(try await attachments.attachment(id: "f-1") == nil)
            #expect(try await attachments.chunk(of: "f-1", at: 0) == nil, "its bytes go with it")
        }
    }

    @Test("ten parts racing for the same offset: exactly one is stored", arguments: StoreEngine.allCases)
    func racingAppends(engine: StoreEngine) async throws {
        try await engine.withFreshStores { sessions, attachments in
            try await sessions.commit(StoredRows.changes(sessions: [StoredRows.handled("s-1", assignedAt: 10, endedAt: nil)]))
            try await attachments.create(Self.record("f-1", session: "s-1", size: 100))
            let outcomes = try await withThrowingTaskGroup(of: AttachmentAppend.self) { group in
                for value in 0..<10 {
                    group.addTask { try await attachments.append([UInt8(value)], to: "f-1", at: 0) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .stored(received: 1) }.count == 1)
            #expect(outcomes.filter { $0 == .offsetMismatch(received: 1) }.count == 9)
        }
    }

    @Test("a purge deletes the files of sessions ended before the retention and uploads abandoned, and keeps the rest",
          arguments: StoreEngine.allCases)
    func purge(engine: StoreEngine) async throws {
        try await engine.withFreshStores { sessions, attachments in
            try await sessions.commit(
                StoredRows.changes(sessions: [
                    StoredRows.handled("s-old", assignedAt: 10, endedAt: 100),
                    StoredRows.handled("s-recent", assignedAt: 10, endedAt: 900),
                    StoredRows.handled("s-open", assignedAt: 10, endedAt: nil),
                ]))
            for (id, session) in [("f-old", "s-old"), ("f-recent", "s-recent"), ("f-open", "s-open")] {
                try await attachments.create(Self.record(id, session: session, size: 1))
                _ = try await attachments.append([7], to: id, at: 0)
            }
            try await attachments.create(Self.record("f-abandoned", session: "s-open", size: 10, createdAt: 100))
            try await attachments.create(Self.record("f-uploading", session: "s-open", size: 10, createdAt: 950))
            let purged = try await attachments.purge(
                sessionsEndedBefore: Date(timeIntervalSince1970: 500), uploadsStartedBefore: Date(timeIntervalSince1970: 500))
            #expect(purged == 2)
            for gone in ["f-old", "f-abandoned"] { #expect(try await attachments.attachment(id: gone) == nil, "\(gone)") }
            for kept in ["f-recent", "f-open", "f-uploading"] {
                #expect(try await attachments.attachment(id: kept) != nil, "\(kept)")
            }
        }
    }
}

@Suite("A chat message's file is stored with it")
struct ChatAttachmentStorageTests {
    @Test("a transcript reads back each message's file description", arguments: StoreEngine.allCases)
    func transcriptKeepsFiles(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            try await store.commit(StoredRows.changes(sessions: [StoredRows.session("s-1", createdAt: 100)]))
            let file = AttachmentInfo(id: "f-1", name: "Grüße.pdf", size: 48_213, mediaType: "application/pdf")
            var changes = StoreChanges()
            changes.chats = [
                StoredChat(
                    sessionID: SessionID("s-1"), clientMessageID: "c-1",
                    message: ChatMessage(
                        id: "m-1", author: .consumer, text: "Grüße.pdf", sentAt: Date(timeIntervalSince1970: 101),
                        attachment: file)),
                StoredChat(
                    sessionID: SessionID("s-1"), clientMessageID: "c-2",
                    message: ChatMessage(id: "m-2", author: .consumer, text: "plain", sentAt: Date(timeIntervalSince1970: 102))),
            ]
            try await store.commit(changes)
            let transcript = try await store.transcript(of: SessionID("s-1"))
            #expect(transcript.map(\.message.attachment) == [file, nil])
        }
    }
}
