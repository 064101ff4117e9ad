/// The secret a peer presents to resume its session on a new connection.
/// Chosen by the server; treat it like a password.
public struct ResumeToken: WireIdentifier {
    /// The identifier as it appears on the wire.
    public let rawValue: String

    /// Wraps `rawValue` as it appears on the wire.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The longest resume token: ``ProtocolLimits/maxResumeToken``.
    public static var maxLength: Int { ProtocolLimits.maxResumeToken }
}
