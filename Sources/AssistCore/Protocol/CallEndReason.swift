/// Why a call ended (`docs/protocol.md` §13.2, CallEndReason).
///
/// The set is open: a newer server may send a reason this build does not
/// know, which arrives intact and is to be treated like ``agentEnded``
/// (``isKnown`` tells them apart).
public struct CallEndReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The reason as it appears on the wire.
    public let rawValue: String

    /// Wraps a reason as it appears on the wire.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The person hung up.
    public static let consumerEnded = CallEndReason(rawValue: "consumerEnded")
    /// The agent hung up.
    public static let agentEnded = CallEndReason(rawValue: "agentEnded")
    /// The person declined the call (or let the prompt run out).
    public static let declined = CallEndReason(rawValue: "declined")
    /// The session ended, and the call with it.
    public static let sessionEnded = CallEndReason(rawValue: "sessionEnded")
    /// The agent left the session.
    public static let agentLeft = CallEndReason(rawValue: "agentLeft")
    /// Nobody answered the proposed call within 60 s.
    public static let unanswered = CallEndReason(rawValue: "unanswered")

    /// Every reason this build knows.
    public static let known: [CallEndReason] = [
        .consumerEnded, .agentEnded, .declined, .sessionEnded, .agentLeft, .unanswered,
    ]

    /// Whether this build knows the reason; an unknown one means ``agentEnded``.
    public var isKnown: Bool { Self.known.contains(self) }

    /// The raw value.
    public var description: String { rawValue }
}
