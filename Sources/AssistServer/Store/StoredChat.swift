import AssistCore
import Foundation

/// One chat message as stored, with the sender's own id for it, which makes
/// a resend a duplicate.
struct StoredChat: Sendable, Hashable {
    var sessionID: SessionID
    var clientMessageID: ClientMessageID
    var message: ChatMessage

    /// Who sent it, as the `sender` column and the deduplication key store
    /// it: `consumer`, `agent:<id>` or `system`.
    var sender: String { Self.sender(of: message.author) }

    /// The message's file as the `attachment` column stores it: its
    /// ``AttachmentInfo`` as JSON, or `nil`.
    var attachmentColumn: String? {
        message.attachment.flatMap { info in
            (try? JSONEncoder().encode(info)).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The file an `attachment` column describes, if it holds one.
    static func attachment(ofColumn column: String?) -> AttachmentInfo? {
        column.flatMap { try? JSONDecoder().decode(AttachmentInfo.self, from: Data($0.utf8)) }
    }

    /// The stored form of an author.
    static func sender(of author: ChatAuthor) -> String {
        switch author {
        case .consumer: "consumer"
        case .agent(let id): "agent:\(id)"
        case .system: "system"
        }
    }

    /// The author a stored `sender` stands for.
    static func author(ofSender sender: String) -> ChatAuthor {
        if sender == "consumer" { return .consumer }
        if sender.hasPrefix("agent:") { return .agent(id: String(sender.dropFirst("agent:".count))) }
        return .system
    }
}
