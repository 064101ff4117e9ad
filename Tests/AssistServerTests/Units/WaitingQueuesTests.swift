import AssistCore
@testable import AssistServer
import Testing

@Suite("Waiting queues: order, and only the places that may have changed")
struct WaitingQueuesTests {
    private static func terms(_ freeSeats: Int, agents: Int = 1, handle: Double? = nil) -> QueueTerms {
        QueueTerms(freeSeats: freeSeats, agentsServing: agents, handleSeconds: handle)
    }

    /// `(session, rank, position)` of each listed place, in listing order.
    private func refreshed(_ queues: inout WaitingQueues, _ terms: QueueTerms) -> [String] {
        queues.refresh { _ in terms }.places.map { "\($0.sessionID.rawValue) \($0.rank) \($0.position)" }
    }

    private func queued(_ ids: String..., destination: String = "support") -> WaitingQueues {
        var queues = WaitingQueues()
        for id in ids { queues.append(SessionID(id), destination: destination) }
        return queues
    }

    @Test("the first refresh lists everyone with rank and max(n − c, 0)")
    func firstRefreshListsEveryone() {
        var queues = queued("a", "b", "c")
        #expect(refreshed(&queues, Self.terms(1)) == ["a 1 0", "b 2 1", "c 3 2"])
    }

    @Test("a newcomer at the back is the only place listed")
    func newcomerAlone() {
        var queues = queued("a", "b")
        _ = refreshed(&queues, Self.terms(0))
        queues.append("c", destination: "support")
        #expect(refreshed(&queues, Self.terms(0)) == ["c 3 3"])
    }

    @Test("with nothing changed nobody is listed")
    func nothingChanged() {
        var queues = queued("a", "b")
        _ = refreshed(&queues, Self.terms(1, handle: 60))
        #expect(refreshed(&queues, Self.terms(1, handle: 60)).isEmpty)
    }

    @Test("someone leaving lists only those behind them, one rank further up")
    func leavingListsThoseBehind() {
        var queues = queued("a", "b", "c", "d")
        _ = refreshed(&queues, Self.terms(0))
        let removed = queues.remove("b")
        #expect(removed)
        #expect(refreshed(&queues, Self.terms(0)) == ["c 2 2", "d 3 3"])
        let removedAgain = queues.remove("b")
        #expect(!removedAgain)
        #expect(queues.count == 3)
    }

    @Test("more free seats list only those whose position can move: ranks above the smaller c")
    func freeSeatsChange() {
        var queues = queued("a", "b", "c", "d", "e")
        _ = refreshed(&queues, Self.terms(2))
        #expect(refreshed(&queues, Self.terms(3)) == ["c 3 0", "d 4 1", "e 5 2"])
        #expect(refreshed(&queues, Self.terms(1)) == ["b 2 1", "c 3 2", "d 4 3", "e 5 4"])
    }

    @Test("a change of agents or handle time lists those with a position of 1 or more, whose estimate it moves")
    func estimateTermsChange() {
        var queues = queued("a", "b", "c", "d")
        _ = refreshed(&queues, Self.terms(2, agents: 1, handle: 60))
        #expect(refreshed(&queues, Self.terms(2, agents: 2, handle: 60)) == ["c 3 1", "d 4 2"])
        #expect(refreshed(&queues, Self.terms(2, agents: 2, handle: 90)) == ["c 3 1", "d 4 2"])
    }

    @Test("a session marked for refresh is listed alone, at its place")
    func markedSession() {
        var queues = queued("a", "b", "c")
        _ = refreshed(&queues, Self.terms(0))
        queues.markForRefresh("b")
        #expect(refreshed(&queues, Self.terms(0)) == ["b 2 2"])
        #expect(refreshed(&queues, Self.terms(0)).isEmpty)
    }

    @Test("sessions returned to the front come first, in the order given, and shift everyone else")
    func returnToFront() {
        var queues = queued("a", "b")
        _ = refreshed(&queues, Self.terms(0))
        let first = queues.reserveFront(count: 2)
        queues.returnReserved([("x", "support", first), ("y", "support", first + 1)])
        #expect(refreshed(&queues, Self.terms(0)) == ["x 1 1", "y 2 2", "a 3 3", "b 4 4"])
        queues.returnReserved([("z", "support", queues.reserveFront(count: 1))])
        #expect(queues.rank(of: "z") == 1)
        #expect(queues.rank(of: "x") == 2)
        #expect(queues.first { _ in true } == "z")
    }

    @Test("sessions returned part by part take the places set aside for them, whoever joined or returned meanwhile")
    func returnInParts() {
        var queues = queued("a")
        let first = queues.reserveFront(count: 3)
        queues.returnReserved([("x3", "support", first + 2)])
        queues.append("b", destination: "support")
        queues.returnReserved([("later", "support", queues.reserveFront(count: 1))])
        queues.returnReserved([("x1", "support", first), ("x2", "support", first + 1)])
        queues.returnReserved([("x1", "support", first + 2)])
        let order = queues.front(limit: 10) { _ in true }.entries.map(\.id.rawValue)
        #expect(order == ["later", "x1", "x2", "x3", "a", "b"])
    }

    @Test("each destination has its own ranks; the front merges them in waiting order")
    func destinationsAreSeparate() {
        var queues = WaitingQueues()
        queues.append("s1", destination: "support")
        queues.append("b1", destination: "billing")
        queues.append("s2", destination: "support")
        queues.append("b2", destination: "billing")
        #expect(queues.rank(of: "s2") == 2)
        #expect(queues.rank(of: "b1") == 1)
        let front = queues.front(limit: 3) { _ in true }
        #expect(front.entries.map { "\($0.id.rawValue) \($0.rank)" } == ["s1 1", "b1 1", "s2 2"])
        #expect(front.total == 4)
        let billing = queues.front(limit: 10) { $0 == "billing" }
        #expect(billing.entries.map(\.id) == ["b1", "b2"])
        #expect(billing.total == 2)
        #expect(queues.first { $0 == "billing" } == "b1")
        #expect(queues.first { $0 == "sales" } == nil)
    }

    @Test("a refresh names the destinations whose membership, order or positions changed")
    func changedDestinations() {
        var queues = WaitingQueues()
        queues.append("s1", destination: "support")
        queues.append("b1", destination: "billing")
        let first = queues.refresh { _ in Self.terms(0) }.changed
        #expect(first == ["support", "billing"])
        let removed = queues.remove("b1")
        #expect(removed)
        let afterLeaving = queues.refresh { _ in Self.terms(0) }.changed
        #expect(afterLeaving == ["billing"])
        let unchanged = queues.refresh { _ in Self.terms(0) }.changed
        #expect(unchanged.isEmpty)
        let moreSeats = queues.refresh { _ in Self.terms(1) }.changed
        #expect(moreSeats == ["support"])
        let moreAgents = queues.refresh { _ in Self.terms(1, agents: 3) }.changed
        #expect(moreAgents.isEmpty, "estimates are not in snapshots")
    }

    @Test("appending a session that is already waiting changes nothing")
    func appendTwice() {
        var queues = queued("a", "b")
        queues.append("a", destination: "support")
        #expect(queues.count == 2)
        #expect(queues.rank(of: "a") == 1)
    }
}
