@testable import AssistServer
import Synchronization
import Testing

@Suite("A node's lease as the node counts it, on a virtual clock")
struct NodeLeaseTests {
    /// A clock the test moves by hand.
    private final class VirtualTime: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(by duration: Duration) { instant.withLock { $0 += duration } }
    }

    private static func lease(on time: VirtualTime) -> NodeLease {
        NodeLease(now: { time.now })
    }

    @Test("a node holds no lease before it joined")
    func noLeaseBeforeJoining() {
        let lease = Self.lease(on: VirtualTime())
        #expect(!lease.isHeld)
        #expect(lease.heldGeneration == nil)
        #expect(lease.remaining == nil)
    }

    @Test("the node's count ends the margin before the database's, counted from when the request was sent")
    func countEndsBeforeTheDatabase() {
        let time = VirtualTime()
        let lease = Self.lease(on: time)
        let sentAt = time.now
        time.advance(by: .milliseconds(300))
        lease.joined(sentAt: sentAt)
        #expect(lease.remaining == NodeLease.duration - NodeLease.margin - .milliseconds(300))
        time.advance(by: NodeLease.duration - NodeLease.margin - .milliseconds(301))
        #expect(lease.isHeld)
        time.advance(by: .milliseconds(1))
        #expect(!lease.isHeld, "held until duration − margin after the request was sent, not after its answer")
    }

    @Test("each renewal in time extends the same generation")
    func renewalsExtendOneGeneration() {
        let time = VirtualTime()
        let lease = Self.lease(on: time)
        let generation = lease.joined(sentAt: time.now)
        for _ in 0..<10 {
            time.advance(by: .seconds(1))
            #expect(lease.renewed(sentAt: time.now, generation: generation))
        }
        #expect(lease.heldGeneration == generation)
        #expect(lease.remaining == NodeLease.duration - NodeLease.margin)
    }

    @Test("a late answer to an older renewal does not shorten the lease a later one renewed")
    func lateAnswerDoesNotShorten() {
        let time = VirtualTime()
        let lease = Self.lease(on: time)
        let generation = lease.joined(sentAt: time.now)
        let older = time.now
        time.advance(by: .seconds(1))
        #expect(lease.renewed(sentAt: time.now, generation: generation))
        #expect(lease.renewed(sentAt: older, generation: generation))
        #expect(lease.remaining == NodeLease.duration - NodeLease.margin)
    }

    @Test("an answer that comes after the count ran out does not revive the lease: the node joins again")
    func answerAfterTheCountRanOut() {
        let time = VirtualTime()
        let lease = Self.lease(on: time)
        let generation = lease.joined(sentAt: time.now)
        let sentAt = time.now + .seconds(3)
        time.advance(by: NodeLease.duration)
        #expect(!lease.renewed(sentAt: sentAt, generation: generation), "a node paused past its count has stopped")
        #expect(!lease.isHeld)
        #expect(lease.joined(sentAt: time.now) == generation + 1)
        #expect(!lease.isHeld(generation: generation), "what the old generation began stays over")
        #expect(lease.isHeld(generation: generation + 1))
    }

    @Test("a renewal of a generation that is over changes nothing")
    func renewalOfAnOldGeneration() {
        let time = VirtualTime()
        let lease = Self.lease(on: time)
        let old = lease.joined(sentAt: time.now)
        lease.lapse()
        let current = lease.joined(sentAt: time.now)
        time.advance(by: .seconds(1))
        #expect(!lease.renewed(sentAt: time.now, generation: old))
        #expect(lease.heldGeneration == current)
        #expect(lease.remaining == NodeLease.duration - NodeLease.margin - .seconds(1))
    }

    @Test("the database saying the lease ran out ends it at once")
    func lapseEndsAtOnce() {
        let time = VirtualTime()
        let lease = Self.lease(on: time)
        lease.joined(sentAt: time.now)
        lease.lapse()
        #expect(!lease.isHeld)
        #expect(lease.remaining == nil)
    }
}
