@testable import AssistServer
import AssistCore
import Logging
import Synchronization
import Testing

@Suite("Commit pipeline: stored before sent, in order")
struct CommitPipelineTests {
    private static func event(_ text: String, to link: RecordingLink, session: String) -> PendingEvent {
        var changes = StoreChanges()
        changes.outboxAppends.append((streamID: session, seq: 1, frame: text))
        return PendingEvent(changes: changes, outputs: [(link.link, .text(text))])
    }

    @Test("an event's frames leave only after its write, and events keep their order")
    func framesWaitForTheirWrite() async throws {
        let storage = GatedStorage()
        let pipeline = CommitPipeline(store: storage, logger: Logger(label: "test"))
        let link = RecordingLink(id: 1)
        storage.hold()
        pipeline.submit(Self.event("one", to: link, session: "a"))
        pipeline.submit(Self.event("two", to: link, session: "b"))
        for _ in 0..<100 { await Task.yield() }
        #expect(link.written.isEmpty)
        #expect(storage.transactions.isEmpty)
        storage.release()
        await pipeline.flushed()
        await link.waitForWritten(2)
        #expect(link.texts == ["one", "two"])
        #expect(storage.transactions.flatMap { $0 }.map { $0.outboxAppends[0].frame } == ["one", "two"])
    }

    @Test("events that arrive during a write are written together in the next transaction")
    func groupCommit() async throws {
        let storage = GatedStorage()
        let pipeline = CommitPipeline(store: storage, logger: Logger(label: "test"))
        let link = RecordingLink(id: 1)
        storage.hold()
        pipeline.submit(Self.event("first", to: link, session: "a"))
        for _ in 0..<100 { await Task.yield() }
        for index in 0..<3 { pipeline.submit(Self.event("later \(index)", to: link, session: "b\(index)")) }
        storage.release()
        await pipeline.flushed()
        await link.waitForWritten(4)
        #expect(storage.transactions.map(\.count) == [1, 3])
        #expect(link.texts == ["first", "later 0", "later 1", "later 2"])
    }

    @Test("a failed write sends none of its frames, closes their connections with 1011 and reports the failure")
    func failedWrite() async throws {
        let storage = GatedStorage()
        let outcomes = Mutex<[Bool]>([])
        let pipeline = CommitPipeline(store: storage, logger: Logger(label: "test")) { succeeded in
            outcomes.withLock { $0.append(succeeded) }
        }
        let link = RecordingLink(id: 1)
        storage.setFailing(true)
        pipeline.submit(Self.event("lost", to: link, session: "a"))
        await pipeline.flushed()
        await link.waitForWritten(1)
        guard case .close(let code, _) = try #require(link.written.first) else {
            Issue.record("expected a close, got \(link.written)")
            return
        }
        #expect(code == .internalError)
        #expect(link.texts.isEmpty)
        storage.setFailing(false)
        let other = RecordingLink(id: 2)
        pipeline.submit(Self.event("kept", to: other, session: "b"))
        await pipeline.flushed()
        await other.waitForWritten(1)
        #expect(other.texts == ["kept"])
        #expect(outcomes.withLock { $0 } == [false, true])
    }

    @Test("flushed() returns only once every event submitted before it is written")
    func flushedWaitsForEarlierEvents() async throws {
        let storage = GatedStorage()
        let pipeline = CommitPipeline(store: storage, logger: Logger(label: "test"))
        let link = RecordingLink(id: 1)
        storage.hold()
        pipeline.submit(Self.event("one", to: link, session: "a"))
        let flushed = Mutex(false)
        let waiter = Task {
            await pipeline.flushed()
            flushed.withLock { $0 = true }
        }
        for _ in 0..<100 { await Task.yield() }
        #expect(flushed.withLock { $0 } == false)
        storage.release()
        await waiter.value
        #expect(storage.transactions.count == 1)
    }

    @Test("once the node may not deliver (its lease ran out), no frame leaves, stored or not: their connections get 1001")
    func nothingLeavesWithoutTheLease() async throws {
        let storage = GatedStorage()
        let mayDeliver = Atomic<Bool>(true)
        let pipeline = CommitPipeline(
            store: storage, logger: Logger(label: "test"), mayDeliver: { mayDeliver.load(ordering: .relaxed) })
        let before = RecordingLink(id: 1)
        pipeline.submit(Self.event("before", to: before, session: "a"))
        await pipeline.flushed()
        await before.waitForWritten(1)
        #expect(before.texts == ["before"])

        mayDeliver.store(false, ordering: .relaxed)
        let stored = RecordingLink(id: 2)
        let typing = RecordingLink(id: 3)
        pipeline.submit(Self.event("stored", to: stored, session: "b"))
        pipeline.submit(PendingEvent(changes: StoreChanges(), outputs: [(typing.link, .text("typing"))]))
        await pipeline.flushed()
        await stored.waitForWritten(1)
        await typing.waitForWritten(1)
        for link in [stored, typing] {
            #expect(link.texts.isEmpty)
            guard case .close(let code, _) = try #require(link.written.first) else {
                Issue.record("expected a close, got \(link.written)")
                continue
            }
            #expect(code == .goingAway)
        }
    }
}
