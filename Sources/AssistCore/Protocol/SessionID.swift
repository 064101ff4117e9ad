/// Names one support session, from the consumer's `hello` to its end.
/// Chosen by the server.
public struct SessionID: WireIdentifier {
    /// The identifier as it appears on the wire.
    public let rawValue: String

    /// Wraps `rawValue` as it appears on the wire.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
