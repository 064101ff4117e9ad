import AssistCore
import Testing

@Suite("Queue position: max(n - c, 0)")
struct QueuePositionTests {
    @Test("with capacity 10 the first ten waiting are next (position 0)", arguments: 1...10)
    func firstTenAreNext(rank: Int) {
        #expect(queuePosition(waitingRank: rank, totalCapacity: 10) == 0)
    }

    @Test("with capacity 10 the 11th waits behind one person and the 12th behind two")
    func beyondCapacity() {
        #expect(queuePosition(waitingRank: 11, totalCapacity: 10) == 1)
        #expect(queuePosition(waitingRank: 12, totalCapacity: 10) == 2)
    }

    @Test("with no free capacity the position is the rank")
    func noCapacity() {
        #expect(queuePosition(waitingRank: 1, totalCapacity: 0) == 1)
        #expect(queuePosition(waitingRank: 7, totalCapacity: 0) == 7)
    }

    @Test("a negative capacity counts as none")
    func negativeCapacity() {
        #expect(queuePosition(waitingRank: 3, totalCapacity: -2) == 3)
    }
}
