extension ErrorReport: Codable {
    /// Reads `code`, `message` and the optional `refType` and `refSeq`.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        self.init(
            code: ErrorCode(rawValue: try reader.text("code", max: ProtocolLimits.maxIdentifier)),
            message: try reader.text("message", max: ProtocolLimits.maxNotice, allowEmpty: true),
            refType: try reader.textIfPresent("refType", max: ProtocolLimits.maxIdentifier),
            refSeq: try reader.integerIfPresent("refSeq", min: 1))
    }

    /// Writes the members ``init(from:)`` reads; a `message` over the limit is
    /// shortened rather than refused, so an error can always be reported.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.text(code.rawValue, "code", max: ProtocolLimits.maxIdentifier)
        let message = String(String.UnicodeScalarView(self.message.unicodeScalars.prefix(ProtocolLimits.maxNotice)))
        try writer.text(message, "message", max: ProtocolLimits.maxNotice, allowEmpty: true)
        try writer.textIfPresent(refType, "refType", max: ProtocolLimits.maxIdentifier)
        try writer.integerIfPresent(refSeq, "refSeq", min: 1)
    }
}
