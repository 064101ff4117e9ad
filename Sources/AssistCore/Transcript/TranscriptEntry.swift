import Foundation

/// One entry of a ``TranscriptDocument``: who, when, what, and — for the
/// person's own messages — how far it got.
public struct TranscriptEntry: Sendable, Hashable {
    /// Who wrote the entry, as far as a renderer needs to tell them apart.
    public enum Role: String, Sendable, Hashable {
        /// The person who asked for help.
        case person
        /// A support agent.
        case agent
        /// The service itself ("Sam joined the chat").
        case service
    }

    /// The name shown for the author.
    public var authorName: String
    /// Who wrote it.
    public var role: Role
    /// When it was written.
    public var time: Date
    /// What it says (or, in time, carries).
    public var content: TranscriptContent
    /// How far one of the person's messages got ("Delivered"); `nil` for
    /// the others, and wherever it is not known.
    public var deliveryNote: String?

    /// Creates an entry.
    public init(authorName: String, role: Role, time: Date, content: TranscriptContent, deliveryNote: String? = nil) {
        self.authorName = authorName
        self.role = role
        self.time = time
        self.content = content
        self.deliveryNote = deliveryNote
    }
}

/// What one transcript entry carries. Each renderer turns each kind into
/// its body in one place, so a new kind (a file's name, size and type) is
/// one more case and one more branch per renderer; the author line, the
/// time and the delivery note around it stay as they are.
public enum TranscriptContent: Sendable, Hashable {
    /// A chat message, its text as written (line breaks kept).
    case text(String)
    /// A file sent in chat, with the message's own text when it is more
    /// than the file's name.
    case file(AttachmentInfo, caption: String?)

    /// The content of a chat message `text` that may carry `attachment`.
    public static func of(text: String, attachment: AttachmentInfo?) -> TranscriptContent {
        guard let attachment else { return .text(text) }
        return .file(attachment, caption: text == attachment.name ? nil : text)
    }

    /// A file's line: "File: NAME (48.2 KB, application/pdf)".
    static func fileLine(_ file: AttachmentInfo) -> String {
        localized("File: {name} ({size}, {type})", [
            "name": file.name,
            "size": ByteCountFormatter.string(fromByteCount: Int64(file.size), countStyle: .decimal),
            "type": file.mediaType,
        ])
    }
}
