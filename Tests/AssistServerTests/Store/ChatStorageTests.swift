@testable import AssistServer
import AssistCore
import Testing

@Suite("Storing the chat transcript, on SQLite and PostgreSQL")
struct ChatStorageTests {
    @Test("a transcript comes in sending order, messages sent together in the order stored", arguments: StoreEngine.allCases)
    func transcriptOrder(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            let first = StoredRows.chat("m-1", in: "s-1", clientID: "c-1", sentAt: 10)
            let earlier = StoredRows.chat("m-2", in: "s-1", clientID: "c-2", author: .agent(id: "sam"), sentAt: 5)
            let sameMoment = StoredRows.chat("m-3", in: "s-1", clientID: "c-3", author: .system, sentAt: 10)
            let elsewhere = StoredRows.chat("m-4", in: "s-2", clientID: "c-1", sentAt: 1)
            var changes = StoredRows.changes(sessions: [
                StoredRows.session("s-1", createdAt: 1), StoredRows.session("s-2", createdAt: 2),
            ])
            changes.chats = [first, earlier, sameMoment, elsewhere]
            try await store.commit(changes)
            #expect(try await store.transcript(of: SessionID("s-1")) == [earlier, first, sameMoment])
            #expect(try await store.transcript(of: SessionID("s-2")) == [elsewhere])
            #expect(try await store.transcript(of: SessionID("s-3")).isEmpty)
        }
    }

    @Test("a message sent again, by its id or by its sender's own id, is stored once", arguments: StoreEngine.allCases)
    func duplicatesAreIgnored(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            let original = StoredRows.chat("m-1", in: "s-1", clientID: "c-1", text: "hello", sentAt: 10)
            var opening = StoredRows.changes(sessions: [StoredRows.session("s-1", createdAt: 1)])
            opening.chats = [original]
            try await store.commit(opening)

            var resent = StoreChanges()
            resent.chats = [
                StoredRows.chat("m-2", in: "s-1", clientID: "c-1", text: "hello again", sentAt: 11),
                StoredRows.chat("m-1", in: "s-1", clientID: "c-9", text: "same id", sentAt: 12),
            ]
            try await store.commit(resent)
            #expect(try await store.transcript(of: SessionID("s-1")) == [original])
        }
    }
}
