/// What the person is told while waiting for an agent (the chat seed's
/// `queueStyle`).
///
/// In JSON it is written with the case name: `"position"`,
/// `"estimatedWaitTime"` or `"none"`.
public enum QueueStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// The queue position: 0 when an agent can take the person now, otherwise
    /// how many people are served first.
    case position
    /// The estimated wait, in minutes, bounded by
    /// ``Configuration/minimumEstimatedWaitTime`` and
    /// ``Configuration/maximumEstimatedWaitTime``.
    case estimatedWaitTime
    /// No queue information; the person only sees that they are waiting.
    case none
}
