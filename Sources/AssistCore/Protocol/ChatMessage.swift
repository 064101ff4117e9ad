import Foundation

/// A chat message as the server stored it and forwards it.
public struct ChatMessage: Sendable, Hashable, Codable {
    /// The server's id of the message.
    public var id: ServerMessageID
    /// Who wrote it.
    public var author: ChatAuthor
    /// The text, at most ``ProtocolLimits/maxChatText`` characters.
    public var text: String
    /// When the server accepted it; whole milliseconds on the wire.
    public var sentAt: Date
    /// The file it carries, if any; its `text` is then the file's name or a caption.
    public var attachment: AttachmentInfo?

    /// Creates a chat message.
    public init(id: ServerMessageID, author: ChatAuthor, text: String, sentAt: Date, attachment: AttachmentInfo? = nil) {
        self.id = id
        self.author = author
        self.text = text
        self.sentAt = sentAt
        self.attachment = attachment
    }

    /// Reads `messageId`, `author` (`consumer`, `agent` with `agentId`, or
    /// `system`), `text`, `sentAt` and the optional `attachment`.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        let author: ChatAuthor
        switch try reader.text("author", max: ProtocolLimits.maxIdentifier) {
        case "consumer": author = .consumer
        case "agent": author = .agent(id: try reader.text("agentId", max: ProtocolLimits.maxIdentifier))
        case "system": author = .system
        default: throw reader.problem("author", "must be \"consumer\", \"agent\" or \"system\"")
        }
        self.init(
            id: try reader.identifier("messageId"),
            author: author,
            text: try reader.text("text", max: ProtocolLimits.maxChatText),
            sentAt: try reader.timestamp("sentAt"),
            attachment: try reader.decodeIfPresent("attachment"))
    }

    /// Writes the members ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.identifier(id, "messageId")
        switch author {
        case .consumer:
            try writer.encode("consumer", "author")
        case .agent(let agentID):
            try writer.encode("agent", "author")
            try writer.text(agentID, "agentId", max: ProtocolLimits.maxIdentifier)
        case .system:
            try writer.encode("system", "author")
        }
        try writer.text(text, "text", max: ProtocolLimits.maxChatText)
        try writer.timestamp(sentAt, "sentAt")
        try writer.encodeIfPresent(attachment, "attachment")
    }
}
