/// An opaque identifier that travels as a JSON string.
///
/// The protocol only requires an identifier to be non-empty and at most
/// ``ProtocolLimits/maxIdentifier`` characters long (tokens and codes have
/// their own limits); its content means nothing to the receiver.
public protocol WireIdentifier: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
where RawValue == String {
    /// Wraps `rawValue` as it appears on the wire.
    init(_ rawValue: String)
    /// The longest value the protocol accepts for this kind of identifier.
    static var maxLength: Int { get }
}

extension WireIdentifier {
    /// Wraps `rawValue`; never fails, because validation happens on the wire.
    public init(rawValue: String) {
        self.init(rawValue)
    }

    /// Wraps a literal, e.g. `let id: SessionID = "s-1"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Decodes the identifier from a JSON string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the identifier as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw value.
    public var description: String { rawValue }

    /// The longest value the protocol accepts: ``ProtocolLimits/maxIdentifier``.
    public static var maxLength: Int { ProtocolLimits.maxIdentifier }
}
