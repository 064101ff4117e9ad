import AssistCore

/// A screen share kept with its session until it ends, so a restarted
/// server goes on relaying its pictures, its track's signals and the
/// agent's input (`docs/protocol.md` §11.4, §12.8): the request the person
/// accepted, what they show, and the control they granted, if any.
struct KeptShare: Sendable, Hashable {
    /// The request the consumer accepted.
    var requestID: RequestID
    /// What the consumer shows.
    var source: SharedSource
    /// The control request the consumer accepted during the share, while
    /// the agent holds control.
    var controlRequestID: RequestID?
}
