import AssistCore

/// What an agent's queue snapshot shows that can change: which sessions it
/// lists with their ranks and positions, and how many wait in all. A
/// snapshot is sent only when this differs from the last one sent.
struct QueueSnapshotSignature: Sendable, Hashable {
    /// One listed session.
    struct Mark: Sendable, Hashable {
        var sessionID: SessionID
        var rank: Int
        var position: Int
    }

    /// The listed sessions, in the order shown.
    var marks: [Mark]
    /// Sessions waiting that the agent serves, listed or not.
    var totalWaiting: Int
}
