@testable import AssistServer
import AssistCore
import Foundation
import Testing

@Suite("Storing streams and their unacknowledged frames, on SQLite and PostgreSQL")
struct StreamStorageTests {
    @Test("frames are appended, replaced and trimmed, and counters update without the token", arguments: StoreEngine.allCases)
    func outboxAppendAndTrim(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            var opening = StoreChanges()
            opening.streams = [StoredRows.stream("consumer:s-1", token: "token-1", lastSent: 3)]
            opening.outboxAppends = [("consumer:s-1", 1, "f1"), ("consumer:s-1", 2, "f2"), ("consumer:s-1", 3, "f3")]
            try await store.commit(opening)
            let opened = try #require(try await store.stream(id: "consumer:s-1"))
            #expect(opened.row == StoredRows.stream("consumer:s-1", token: "token-1", lastSent: 3))
            #expect(opened.frames == ["f1", "f2", "f3"])

            var later = StoreChanges()
            later.streams = [StoredRows.stream("consumer:s-1", token: "token-ignored", lastSent: 4, acknowledged: 2, received: 7)]
            later.outboxAppends = [("consumer:s-1", 3, "f3 again"), ("consumer:s-1", 4, "f4")]
            later.outboxTrims = [("consumer:s-1", 2)]
            try await store.commit(later)
            let updated = try #require(try await store.stream(id: "consumer:s-1"))
            #expect(updated.row == StoredRows.stream("consumer:s-1", token: "token-1", lastSent: 4, acknowledged: 2, received: 7))
            #expect(updated.frames == ["f3 again", "f4"])
            #expect(try await store.stream(id: "consumer:s-unknown") == nil)
        }
    }

    @Test("a restarted stream loses its frames and is written anew with its new token", arguments: StoreEngine.allCases)
    func restartedStreamStartsOver(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            var opening = StoreChanges()
            opening.streams = [StoredRows.stream("agent:sam", token: "old-token", lastSent: 2, acknowledged: 1)]
            opening.outboxAppends = [("agent:sam", 1, "f1"), ("agent:sam", 2, "f2")]
            try await store.commit(opening)

            var restart = StoreChanges()
            restart.restartedStreams = ["agent:sam"]
            restart.streams = [StoredRows.stream("agent:sam", token: "new-token", lastSent: 1)]
            restart.outboxAppends = [("agent:sam", 1, "g1")]
            try await store.commit(restart)
            let restarted = try #require(try await store.stream(id: "agent:sam"))
            #expect(restarted.row == StoredRows.stream("agent:sam", token: "new-token", lastSent: 1))
            #expect(restarted.frames == ["g1"])
            #expect(try await store.streamID(forResumeDigest: SecretDigest(of: "old-token")) == nil)
        }
    }

    @Test("a resume token's digest finds its stream, and no other", arguments: StoreEngine.allCases)
    func resumeDigestLookup(engine: StoreEngine) async throws {
        try await engine.withFreshStore { store in
            var changes = StoreChanges()
            changes.streams = [
                StoredRows.stream("consumer:s-1", token: "token-1"), StoredRows.stream("agent:sam", token: "token-2"),
            ]
            try await store.commit(changes)
            #expect(try await store.streamID(forResumeDigest: SecretDigest(of: "token-1")) == "consumer:s-1")
            #expect(try await store.streamID(forResumeDigest: SecretDigest(of: "token-2")) == "agent:sam")
            #expect(try await store.streamID(forResumeDigest: SecretDigest(of: "token-3")) == nil)
        }
    }
}
