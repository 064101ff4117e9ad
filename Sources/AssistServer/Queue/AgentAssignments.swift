import AssistCore

/// Which sessions each agent is working on, kept as sessions are assigned,
/// end or go back to the queue — so an agent's load, and the queue's free
/// seats, are read without looking at every session.
///
/// An agent's sessions count whether or not the agent is connected: they
/// stay its own through its grace period.
struct AgentAssignments: Sendable {
    private var byAgent: [String: Set<SessionID>] = [:]
    private var agentOf: [SessionID: String] = [:]

    /// Sessions assigned to any agent.
    var count: Int { agentOf.count }

    /// How many sessions `agentID` is working on.
    func load(of agentID: String) -> Int { byAgent[agentID]?.count ?? 0 }

    /// The sessions `agentID` is working on, in no particular order.
    func sessions(of agentID: String) -> Set<SessionID> { byAgent[agentID] ?? [] }

    /// Records that `agentID` took `session`, from whoever held it before.
    mutating func assign(_ session: SessionID, to agentID: String) {
        release(session)
        agentOf[session] = agentID
        byAgent[agentID, default: []].insert(session)
    }

    /// Records that `session` no longer has an agent.
    mutating func release(_ session: SessionID) {
        guard let agentID = agentOf.removeValue(forKey: session) else { return }
        byAgent[agentID]?.remove(session)
        if byAgent[agentID]?.isEmpty == true { byAgent[agentID] = nil }
    }
}
