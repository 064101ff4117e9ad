/// Names a chat message as its sender wrote it. Chosen by the sender (a UUID
/// is a good choice) so that a message sent twice is stored once.
public struct ClientMessageID: WireIdentifier {
    /// The identifier as it appears on the wire.
    public let rawValue: String

    /// Wraps `rawValue` as it appears on the wire.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
