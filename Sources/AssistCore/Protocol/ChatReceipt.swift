/// Tells the sender of a chat message how far it got.
///
/// A message may get a `stored` receipt and later a `delivered` one; a
/// receiver never moves a message back from `delivered` to `stored`.
public struct ChatReceipt: Sendable, Hashable, Codable {
    /// The id the sender gave the message.
    public var clientMessageID: ClientMessageID
    /// The id the server stored it under; the same for every receipt of it.
    public var messageID: ServerMessageID
    /// How far it got.
    public var status: ChatDeliveryStatus
    /// When the server masked sensitive data in the message: the text as
    /// stored and relayed, and the kinds masked (`storedText` and
    /// `maskedKinds` on the wire, §11.7); `nil` when the text went as sent.
    public var masked: MaskedText?

    /// Creates a receipt; `masked` only when masking changed the text.
    public init(
        clientMessageID: ClientMessageID, messageID: ServerMessageID, status: ChatDeliveryStatus,
        masked: MaskedText? = nil
    ) {
        self.clientMessageID = clientMessageID
        self.messageID = messageID
        self.status = status
        self.masked = masked?.didMask == true ? masked : nil
    }

    /// Reads `clientMessageId`, `messageId`, `status`, and `storedText` with
    /// `maskedKinds` (both or neither).
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        var masked: MaskedText?
        switch (try reader.has("storedText"), try reader.has("maskedKinds")) {
        case (false, false):
            masked = nil
        case (true, true):
            let kinds = try reader.texts("maskedKinds", max: ProtocolLimits.maxMaskedKinds, maxLength: ProtocolLimits.maxIdentifier)
            guard !kinds.isEmpty else { throw reader.problem("maskedKinds", "must name at least one kind") }
            masked = MaskedText(
                text: try reader.text("storedText", max: ProtocolLimits.maxChatText),
                kinds: kinds.map(SensitiveDataKind.init(wireName:)))
        case (true, false):
            throw reader.missing("maskedKinds", "is required with storedText")
        case (false, true):
            throw reader.missing("storedText", "is required with maskedKinds")
        }
        self.init(
            clientMessageID: try reader.identifier("clientMessageId"),
            messageID: try reader.identifier("messageId"),
            status: try reader.decode("status"),
            masked: masked)
    }

    /// Writes the members ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.identifier(clientMessageID, "clientMessageId")
        try writer.identifier(messageID, "messageId")
        try writer.encode(status, "status")
        if let masked {
            try writer.text(masked.text, "storedText", max: ProtocolLimits.maxChatText)
            try writer.array(masked.kinds.map(\.wireName), "maskedKinds", max: ProtocolLimits.maxMaskedKinds)
        }
    }
}
