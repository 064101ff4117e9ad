/// Where a support session stands.
enum SessionPhase: String, Sendable, Hashable {
    /// Waiting in its destination's queue for an agent.
    case queued
    /// Joined by short code: waiting for the agent that redeems the code.
    case escalating
    /// An agent is working on it.
    case assigned
    /// Over; kept for the record.
    case ended
}
