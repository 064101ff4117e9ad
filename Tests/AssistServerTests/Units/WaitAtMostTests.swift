import Synchronization
import Testing

@testable import AssistServer

/// `waitAtMost` stands between the server's shutdown and waits that cannot be
/// cancelled; each way out is pinned here. An operation that never ends is a
/// stream nobody writes to.
@Suite("Waiting at most so long for an operation that may never end", .timeLimit(.minutes(1)))
struct WaitAtMostTests {
    private static func forever() async {
        let (never, keepOpen) = AsyncStream.makeStream(of: Void.self)
        for await _ in never {}
        keepOpen.finish()
    }

    @Test("it returns once the operation finished, not before, and well before the timeout")
    func returnsWhenTheOperationFinishes() async {
        let finished = Atomic(false)
        await waitAtMost(.seconds(3_600)) {
            await Task.yield()
            finished.store(true, ordering: .sequentiallyConsistent)
        }
        let sawTheEnd = finished.load(ordering: .sequentiallyConsistent)
        #expect(sawTheEnd)
    }

    @Test("it returns at the timeout when the operation never ends")
    func returnsAtTheTimeout() async {
        await waitAtMost(.milliseconds(1)) { await Self.forever() }
    }

    @Test("it returns at once when the waiting task is cancelled, timeout or not")
    func returnsWhenCancelled() async {
        let waiting = Task { await waitAtMost(.seconds(3_600)) { await Self.forever() } }
        waiting.cancel()
        await waiting.value
    }
}
