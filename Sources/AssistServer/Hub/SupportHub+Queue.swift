import AssistCore
import Logging
import Prometheus
import Foundation

extension SupportHub {
    /// The most queue entries one snapshot lists.
    static let snapshotLimit = 100

    /// Recomputes every waiting person's position and estimate, and every
    /// online agent's view of the queue; sends only what changed. Called
    /// after every event that can change them — never on a timer.
    func refreshQueue() {
        let onlineAgents = agents.values.filter(\.isOnline)
        var loads: [String: Int] = [:]
        var active = 0
        for session in sessions.values where session.row.phase == .assigned {
            active += 1
            if let agentID = session.row.agentID { loads[agentID, default: 0] += 1 }
        }
        // queueOrder is the queue: newcomers are appended, and sessions whose
        // agent left go back to the front, so it needs no sorting here.
        let waiting = queueOrder.compactMap { sessions[$0] }.filter { $0.row.phase == .queued }
        var ranks: [SessionID: (rank: Int, position: Int)] = [:]
        for (destination, members) in Dictionary(grouping: waiting, by: \.row.destination) {
            let serving = onlineAgents.filter { $0.account.serves(destination) }
            let capacity = serving.reduce(0) { $0 + max($1.account.capacity - loads[$1.id, default: 0], 0) }
            for (index, session) in members.enumerated() {
                let position = queuePosition(waitingRank: index + 1, totalCapacity: capacity)
                ranks[session.id] = (index + 1, position)
                let estimate = estimator.estimate(
                    position: position, agentsServing: serving.count, destination: destination)
                announce(QueueUpdate(position: position, estimatedWaitSeconds: estimate), to: session.id)
            }
        }
        for session in sessions.values where session.row.phase == .escalating {
            announce(QueueUpdate(position: 0), to: session.id)
        }
        metrics.sessionsQueued.set(Double(waiting.count))
        metrics.sessionsActive.set(Double(active))
        metrics.agentsOnline.set(Double(onlineAgents.count))
        for agent in onlineAgents {
            sendSnapshot(to: agent.id, waiting: waiting, ranks: ranks)
        }
    }

    private func announce(_ update: QueueUpdate, to id: SessionID) {
        guard var session = sessions[id], session.link != nil, session.lastQueueUpdate != update else { return }
        session.lastQueueUpdate = update
        sessions[id] = session
        send(.queueUpdate(update), toSession: id)
    }

    private func sendSnapshot(
        to agentID: String, waiting: [LiveSession], ranks: [SessionID: (rank: Int, position: Int)]
    ) {
        guard var agent = agents[agentID] else { return }
        let visible = waiting.filter { agent.account.serves($0.row.destination) }
        let now = currentDate
        let entries = visible.prefix(Self.snapshotLimit).map { session in
            let place = ranks[session.id] ?? (1, 0)
            return QueueEntry(
                sessionID: session.id, visitorName: session.row.hello.visitorName,
                destination: session.row.destination, waitingRank: place.rank, position: place.position,
                waitingSeconds: max(0, Int(now.timeIntervalSince(session.row.createdAt))),
                preChat: session.row.hello.preChat)
        }
        let signature = entries.map { "\($0.sessionID.rawValue)|\($0.waitingRank)|\($0.position)" }
            + ["total \(visible.count)"]
        guard signature != agent.lastSnapshotSignature else { return }
        agent.lastSnapshotSignature = signature
        agents[agentID] = agent
        send(.queueSnapshot(QueueSnapshot(entries: Array(entries), totalWaiting: visible.count)), toAgent: agentID)
    }
}
