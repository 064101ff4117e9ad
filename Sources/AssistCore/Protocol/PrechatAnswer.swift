/// One answer from the pre-chat form, as the person saw and filled it.
public struct PrechatAnswer: Sendable, Hashable, Codable {
    /// The question or field label, e.g. "Account number".
    public var label: String
    /// What the person entered; may be empty.
    public var value: String

    /// Creates a pre-chat answer.
    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }

    /// Reads `{"label": …, "value": …}`, enforcing the pre-chat limits.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        self.init(
            label: try reader.text("label", max: ProtocolLimits.maxPreChatLabel),
            value: try reader.text("value", max: ProtocolLimits.maxPreChatValue, allowEmpty: true))
    }

    /// Writes `{"label": …, "value": …}`, enforcing the pre-chat limits.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.text(label, "label", max: ProtocolLimits.maxPreChatLabel)
        try writer.text(value, "value", max: ProtocolLimits.maxPreChatValue, allowEmpty: true)
    }
}
