/// Why a support session ended.
///
/// The set is open: a newer server may send a reason this build does not
/// know, which arrives intact and should be treated like ``serverShutdown``.
public struct SessionEndReason: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The reason as it appears on the wire.
    public let rawValue: String

    /// Wraps a reason as it appears on the wire.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The consumer ended the session.
    public static let consumerEnded = SessionEndReason(rawValue: "consumerEnded")
    /// The consumer left the queue before an agent joined.
    public static let consumerLeftQueue = SessionEndReason(rawValue: "consumerLeftQueue")
    /// The agent ended the session.
    public static let agentEnded = SessionEndReason(rawValue: "agentEnded")
    /// The consumer stayed disconnected longer than the grace period.
    public static let gracePeriodExpired = SessionEndReason(rawValue: "gracePeriodExpired")
    /// The server is shutting down.
    public static let serverShutdown = SessionEndReason(rawValue: "serverShutdown")
    /// No agent serves the destination.
    public static let noAgentsAvailable = SessionEndReason(rawValue: "noAgentsAvailable")

    /// The raw value.
    public var description: String { rawValue }
}
