import AssistCore

/// An agent's sessions on their way back to the queue after the agent left,
/// a part at a time (``SupportHub/agentLeft(_:)``).
struct AgentDeparture: Sendable {
    /// Who left, as the sessions' consumers are told.
    let agent: Agent
    /// The sessions still to return, oldest first, each with the queue
    /// ticket set aside for it when the agent left.
    var remaining: ArraySlice<(id: SessionID, ticket: Int)>
}

extension SupportHub {
    /// How many sessions one part of a departure returns to the queue: one
    /// event, one commit of about six statements a session. An agent who
    /// held 1,000 sessions leaves in 40 events instead of one transaction of
    /// some 6,000 statements that every later event would wait behind.
    static let sessionsPerDeparturePart = 25

    /// An agent gone for longer than the grace period: its sessions go back
    /// to the front of the queue, oldest first, and each consumer is told
    /// the agent left.
    ///
    /// The sessions go back in parts of ``sessionsPerDeparturePart``, each
    /// an event of its own that starts once the part before it is stored,
    /// so other sessions' events go on between them. Their places are set
    /// aside at once: the queue's order is the same as if they had all
    /// gone back together, and the queue is refreshed once, after the last
    /// part. An agent who signs in again before the last part keeps the
    /// sessions not yet returned (``cancelDeparture(of:)``).
    func agentLeft(_ agent: Agent) {
        let held = sessionsHeld(by: agent.id)
        let first = waiting.reserveFront(count: held.count)
        agents[agent.id] = nil
        departures[agent.id] = AgentDeparture(
            agent: agent, remaining: ArraySlice(held.enumerated().map { (id: $1.id, ticket: first + $0) }))
        returnNextPart(of: agent.id)
    }

    /// The agent is back before every part of its departure ran: the
    /// sessions not yet returned stay its own.
    func cancelDeparture(of agentID: String) {
        departures[agentID] = nil
    }

    /// Returns the next part of a departure's sessions to the queue, and
    /// has the part after it run once this one is stored.
    func returnNextPart(of agentID: String) {
        guard var departure = departures[agentID] else { return }
        let part = departure.remaining.prefix(Self.sessionsPerDeparturePart)
        departure.remaining = departure.remaining.dropFirst(part.count)
        var returned: [(id: SessionID, destination: String, ticket: Int)] = []
        for (id, ticket) in part {
            guard let held = sessions[id], held.row.phase == .assigned, held.row.agentID == agentID else { continue }
            endCall(session: id, reason: .agentLeft, tellConsumer: true, tellAgent: false)
            guard var session = sessions[id] else { continue }
            session.row.phase = .queued
            session.row.agentID = nil
            session.row.assignedAt = nil
            sessions[id] = session
            dropConsents(ofSession: id)
            assignments.release(id)
            markChanged(session.row)
            send(.agentLeft(departure.agent), toSession: id)
            returned.append((id, session.row.destination, ticket))
        }
        waiting.returnReserved(returned)
        if departure.remaining.isEmpty {
            departures[agentID] = nil
            refreshQueue()
        } else {
            departures[agentID] = departure
            continueOnceStored(.returnSessions(agentID: agentID))
        }
    }
}

/// The rest of a large event of the hub, run as an event of its own once
/// what came before it is stored (``SupportHub/continueOnceStored(_:)``).
enum EventContinuation: Sendable {
    /// The next part of an agent's departure (``SupportHub/returnNextPart(of:)``).
    case returnSessions(agentID: String)
}
