@testable import AssistServer
import AssistCore
import Foundation
import Testing

@Suite("Storing sessions, on SQLite and PostgreSQL")
struct SessionStorageTests {
    @Test("a session's first write is kept whole; later writes change only its state, agent and times", arguments: StoreEngine.allCases)
    func sessionUpsertKeepsWhatWasOpened(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            let opened = StoredRows.session("s-1", createdAt: 100)
            try await store.commit(StoredRows.changes(sessions: [opened]))
            var rewritten = StoredRows.session("s-1", destination: "billing", createdAt: 999)
            rewritten.phase = .assigned
            rewritten.agentID = "sam"
            rewritten.assignedAt = Date(timeIntervalSince1970: 110)
            try await store.commit(StoredRows.changes(sessions: [rewritten]))

            var expected = opened
            expected.phase = .assigned
            expected.agentID = "sam"
            expected.assignedAt = Date(timeIntervalSince1970: 110)
            #expect(try await store.openSessions() == [expected])
        }
    }

    @Test("open sessions come oldest first, without ended ones", arguments: StoreEngine.allCases)
    func openSessionsOldestFirst(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            let late = StoredRows.session("s-late", createdAt: 300)
            let early = StoredRows.session("s-early", createdAt: 100)
            let ended = StoredRows.handled("s-ended", assignedAt: 50, endedAt: 60)
            try await store.commit(StoredRows.changes(sessions: [late, ended, early]))
            #expect(try await store.openSessions() == [early, late])
        }
    }

    @Test("a session records the short code's correlation id, not read back with the session", arguments: StoreEngine.allCases)
    func escalationLookup(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            let escalated = StoredRows.session("s-1", createdAt: 100, escalation: "cid-1")
            try await store.commit(StoredRows.changes(sessions: [escalated]))
            #expect(try await store.hasEscalatedSession(correlationID: "cid-1"))
            #expect(try await !store.hasEscalatedSession(correlationID: "cid-2"))
            var readBack = escalated
            readBack.escalationCorrelationID = nil
            #expect(try await store.openSessions() == [readBack])
        }
    }

    @Test("one session is read by its id, open or ended, and an unknown id reads as none", arguments: StoreEngine.allCases)
    func sessionByID(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            let open = StoredRows.session("s-open", createdAt: 100)
            let ended = StoredRows.handled("s-ended", assignedAt: 50, endedAt: 60)
            try await store.commit(StoredRows.changes(sessions: [open, ended]))
            #expect(try await store.session(id: SessionID("s-open")) == open)
            #expect(try await store.session(id: SessionID("s-ended")) == ended)
            #expect(try await store.session(id: SessionID("s-none")) == nil)
        }
    }

    @Test("handle times are the newest ended sessions' assignment-to-end durations, per destination", arguments: StoreEngine.allCases)
    func recentHandleTimes(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            try await store.commit(
                StoredRows.changes(sessions: [
                    StoredRows.handled("s-old", destination: "support", assignedAt: 150, endedAt: 200),
                    StoredRows.handled("s-new", destination: "billing", assignedAt: 290, endedAt: 300),
                    StoredRows.handled("s-open", assignedAt: 400, endedAt: nil),
                    StoredRows.session("s-queued", createdAt: 500),
                ]))
            let all = try await store.recentHandleTimes(limit: 10)
            #expect(all.map(\.destination) == ["billing", "support"])
            #expect(all.map(\.seconds) == [10, 50])
            #expect(try await store.recentHandleTimes(limit: 1).map(\.destination) == ["billing"])
        }
    }

    @Test("a commit that fails part way leaves nothing of itself", arguments: StoreEngine.allCases)
    func failedCommitWritesNothing(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            var changes = StoredRows.changes(sessions: [StoredRows.session("s-1", createdAt: 100)])
            changes.chats = [StoredRows.chat("m-1", in: "s-unknown", clientID: "c-1", sentAt: 1)]
            await #expect(throws: (any Error).self) { try await store.commit(changes) }
            let open = try await store.openSessions()
            #expect(open.isEmpty)
        }
    }

    @Test("opening a database again migrates nothing twice and keeps its rows", arguments: StoreEngine.allCases)
    func reopeningIsIdempotent(engine: StoreEngine) async throws {
        try await engine.withFreshDatabase { open in
            let first = try await open()
            let session = StoredRows.session("s-1", createdAt: 100)
            try await first.commit(StoredRows.changes(sessions: [session]))
            let second = try await open()
            #expect(try await second.openSessions() == [session])
            let other = StoredRows.session("s-2", createdAt: 200)
            try await second.commit(StoredRows.changes(sessions: [other]))
            #expect(try await first.openSessions() == [session, other])
        }
    }
}
