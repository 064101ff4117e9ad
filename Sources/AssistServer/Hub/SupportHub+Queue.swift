import AssistCore
import Foundation
import Prometheus

extension SupportHub {
    /// The most queue entries one snapshot lists.
    static let snapshotLimit = 100

    /// Tells every waiting person whose position or estimate changed, and
    /// every online agent whose view of the queue changed; sends nothing
    /// else. Called after every event that can change them — never on a
    /// timer. Only the people behind a join or a departure, or whose
    /// destination's terms changed, are looked at (see ``WaitingQueues``).
    func refreshQueue() {
        let online = agents.values.filter(\.isOnline)
        let assignments = assignments
        let estimator = estimator
        var termsByDestination: [String: QueueTerms] = [:]
        let (places, changed) = waiting.refresh { destination in
            let terms = Self.terms(for: destination, online: online, assignments: assignments, estimator: estimator)
            termsByDestination[destination] = terms
            return terms
        }
        for place in places {
            let estimate = estimator.estimate(
                position: place.position, agentsServing: termsByDestination[place.destination]?.agentsServing ?? 0,
                destination: place.destination)
            announce(QueueUpdate(position: place.position, estimatedWaitSeconds: estimate), to: place.sessionID)
        }
        for id in escalationsToAnnounce where sessions[id]?.row.phase == .escalating {
            announce(QueueUpdate(position: 0), to: id)
        }
        escalationsToAnnounce = []
        metrics.sessionsQueued.set(Double(waiting.count))
        metrics.sessionsActive.set(Double(assignments.count))
        metrics.agentsOnline.set(Double(online.count))
        for agent in online where agent.lastSnapshot == nil || changed.contains(where: agent.account.serves) {
            sendSnapshot(to: agent.id, online: online)
        }
    }

    /// Makes the next ``refreshQueue()`` tell this session's consumer where
    /// it stands, changed or not — after it reconnected.
    func reannounceQueue(to id: SessionID) {
        switch sessions[id]?.row.phase {
        case .queued?: waiting.markForRefresh(id)
        case .escalating?: escalationsToAnnounce.insert(id)
        case .assigned?, .ended?, nil: break
        }
    }

    /// A destination's terms: the free seats and number of the online
    /// agents serving it, and the handle time its estimates use.
    private static func terms(
        for destination: String, online: [LiveAgent], assignments: AgentAssignments, estimator: WaitEstimator
    ) -> QueueTerms {
        var freeSeats = 0
        var serving = 0
        for agent in online where agent.account.serves(destination) {
            serving += 1
            freeSeats += max(agent.account.capacity - assignments.load(of: agent.id), 0)
        }
        return QueueTerms(
            freeSeats: freeSeats, agentsServing: serving,
            handleSeconds: estimator.meanHandleSeconds(destination: destination))
    }

    private func announce(_ update: QueueUpdate, to id: SessionID) {
        guard let session = sessions[id], session.link != nil, session.lastQueueUpdate != update else { return }
        sessions[id]?.lastQueueUpdate = update
        send(.queueUpdate(update), toSession: id)
    }

    private func sendSnapshot(to agentID: String, online: [LiveAgent]) {
        guard let agent = agents[agentID] else { return }
        let front = waiting.front(limit: Self.snapshotLimit) { agent.account.serves($0) }
        var freeSeats: [String: Int] = [:]
        let marks = front.entries.map { entry in
            let seats =
                freeSeats[entry.destination]
                ?? Self.terms(for: entry.destination, online: online, assignments: assignments, estimator: estimator)
                .freeSeats
            freeSeats[entry.destination] = seats
            return QueueSnapshotSignature.Mark(
                sessionID: entry.id, rank: entry.rank,
                position: queuePosition(waitingRank: entry.rank, totalCapacity: seats))
        }
        let signature = QueueSnapshotSignature(marks: marks, totalWaiting: front.total)
        guard signature != agent.lastSnapshot else { return }
        agents[agentID]?.lastSnapshot = signature
        let now = currentDate
        let entries = zip(front.entries, marks).compactMap { entry, mark -> QueueEntry? in
            guard let session = sessions[entry.id] else { return nil }
            return QueueEntry(
                sessionID: session.id, visitorName: session.row.hello.visitorName,
                destination: entry.destination, waitingRank: mark.rank, position: mark.position,
                waitingSeconds: max(0, Int(now.timeIntervalSince(session.row.createdAt))),
                preChat: session.row.hello.preChat)
        }
        send(.queueSnapshot(QueueSnapshot(entries: entries, totalWaiting: front.total)), toAgent: agentID)
    }
}
