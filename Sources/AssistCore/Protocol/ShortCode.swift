/// A short code a person reads out to an agent, who redeems it to join that
/// person's session.
public struct ShortCode: WireIdentifier {
    /// The identifier as it appears on the wire.
    public let rawValue: String

    /// Wraps `rawValue` as it appears on the wire.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The longest short code: ``ProtocolLimits/maxShortCode``.
    public static var maxLength: Int { ProtocolLimits.maxShortCode }
}
