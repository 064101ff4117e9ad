/// Names a chat message as the server stored it. Chosen by the server.
public struct ServerMessageID: WireIdentifier {
    /// The identifier as it appears on the wire.
    public let rawValue: String

    /// Wraps `rawValue` as it appears on the wire.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
