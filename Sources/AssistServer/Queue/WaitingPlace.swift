import AssistCore

/// Where one waiting session stands in its destination's queue.
struct WaitingPlace: Sendable, Hashable {
    /// The waiting session.
    var sessionID: SessionID
    /// The destination whose queue it is in.
    var destination: String
    /// 1 for the longest-waiting session of the destination.
    var rank: Int
    /// `max(rank − c, 0)`: 0 means an agent can take it now.
    var position: Int
}
