@testable import AssistServer
import AssistCore
import Testing

@Suite("Storing pending requests, accepted calls and running shares, on SQLite and PostgreSQL")
struct ConsentStorageTests {
    @Test("requests wait until closed one by one or all of a session's at once", arguments: StoreEngine.allCases)
    func pendingRequestsOpenAndClose(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            var opening = StoredRows.changes(sessions: [
                StoredRows.session("s-1", createdAt: 1), StoredRows.session("s-2", createdAt: 2),
            ])
            opening.requestsOpened = [
                (SessionID("s-1"), RequestID("r-1"), .screenShare), (SessionID("s-1"), RequestID("r-2"), .call),
                (SessionID("s-2"), RequestID("r-3"), .push),
            ]
            try await store.commit(opening)

            var answered = StoreChanges()
            answered.requestsClosed = [(SessionID("s-1"), RequestID("r-1"))]
            answered.requestsOpened = [(SessionID("s-2"), RequestID("r-3"), .control)]
            try await store.commit(answered)
            #expect(
                try await store.pendingRequests() == [
                    SessionID("s-1"): [RequestID("r-2"): .call], SessionID("s-2"): [RequestID("r-3"): .control],
                ])

            var dropped = StoreChanges()
            dropped.requestsClosed = [(SessionID("s-1"), nil)]
            try await store.commit(dropped)
            #expect(try await store.pendingRequests() == [SessionID("s-2"): [RequestID("r-3"): .control]])
        }
    }

    @Test("an accepted call is kept, replaced by the session's next one, and forgotten when it ends", arguments: StoreEngine.allCases)
    func acceptedCallsAcceptAndEnd(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            var accepting = StoredRows.changes(sessions: [
                StoredRows.session("s-1", createdAt: 1), StoredRows.session("s-2", createdAt: 2),
            ])
            accepting.callsAccepted = [(SessionID("s-1"), RequestID("r-1")), (SessionID("s-2"), RequestID("r-2"))]
            try await store.commit(accepting)

            var next = StoreChanges()
            next.callsEnded = [SessionID("s-2")]
            next.callsAccepted = [(SessionID("s-1"), RequestID("r-3"))]
            try await store.commit(next)
            #expect(try await store.acceptedCalls() == [SessionID("s-1"): RequestID("r-3")])
        }
    }

    @Test("a running share is kept with its control grant, rewritten as it changes, and forgotten when it ends", arguments: StoreEngine.allCases)
    func runningSharesKeptAndForgotten(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            var starting = StoredRows.changes(sessions: [
                StoredRows.session("s-1", createdAt: 1), StoredRows.session("s-2", createdAt: 2),
            ])
            starting.shares = [
                (SessionID("s-1"), KeptShare(requestID: "share-1", source: .monitor)),
                (SessionID("s-2"), KeptShare(requestID: "share-2", source: .appWindow)),
            ]
            try await store.commit(starting)

            var granted = StoreChanges()
            granted.shares = [
                (SessionID("s-1"), KeptShare(requestID: "share-1", source: .monitor, controlRequestID: "control-1")),
                (SessionID("s-2"), nil),
            ]
            try await store.commit(granted)
            #expect(
                try await store.runningShares() == [
                    SessionID("s-1"): KeptShare(requestID: "share-1", source: .monitor, controlRequestID: "control-1")
                ])

            var ended = StoreChanges()
            ended.shares = [(SessionID("s-1"), KeptShare(requestID: "share-1", source: .monitor)), (SessionID("s-1"), nil)]
            try await store.commit(ended)
            #expect(try await store.runningShares().isEmpty)
        }
    }
}
