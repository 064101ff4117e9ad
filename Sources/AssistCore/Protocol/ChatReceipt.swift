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

    /// Creates a receipt.
    public init(clientMessageID: ClientMessageID, messageID: ServerMessageID, status: ChatDeliveryStatus) {
        self.clientMessageID = clientMessageID
        self.messageID = messageID
        self.status = status
    }

    /// Reads `clientMessageId`, `messageId` and `status`.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        self.init(
            clientMessageID: try reader.identifier("clientMessageId"),
            messageID: try reader.identifier("messageId"),
            status: try reader.decode("status"))
    }

    /// Writes the members ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.identifier(clientMessageID, "clientMessageId")
        try writer.identifier(messageID, "messageId")
        try writer.encode(status, "status")
    }
}
