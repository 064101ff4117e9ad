/// Names one request put to the consumer — screen share, control or push —
/// so that its answer can be matched to it. Chosen by the agent that asks;
/// unique within a session.
public struct RequestID: WireIdentifier {
    /// The identifier as it appears on the wire.
    public let rawValue: String

    /// Wraps `rawValue` as it appears on the wire.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
