import Foundation

/// One line of the chat as the person sees it: who wrote it, when, and —
/// for the person's own messages — how far it got.
public struct ChatEntry: Sendable, Hashable, Identifiable {
    /// How far one of the person's own messages got.
    public enum Delivery: Sendable, Hashable {
        /// Not yet confirmed by the server; held and resent after a reconnect.
        case sending
        /// The server stored it; no agent has it yet.
        case stored
        /// An agent received it.
        case delivered
        /// The connection was given up before the server confirmed it; the
        /// person may try again, which reconnects and resends it.
        case failed
    }

    /// Stable for the entry's life: the client message id for the person's
    /// own messages, the server's message id for everything else.
    public let id: String
    /// Who wrote it.
    public let author: ChatAuthor
    /// The name shown above the text: "You", the agent's name, or "Support".
    public let authorName: String
    /// The text as written; for the person's own messages, the text as the
    /// server stored it once a receipt says it masked something.
    public internal(set) var text: String
    /// When it was written (the person's) or accepted by the server (others').
    public let time: Date
    /// How far it got; `nil` for messages the person received.
    public internal(set) var delivery: Delivery?
    /// What the server masked in one of the person's own messages, from its
    /// receipt; empty when nothing was (received messages arrive masked).
    public internal(set) var maskedKinds: [SensitiveDataKind] = []
    /// The file the message carries, as the server describes it (for the
    /// person's own, once uploaded).
    public internal(set) var attachment: AttachmentInfo?
    /// Where the entry's file stands; `nil` for a message without a file.
    public internal(set) var file: ChatFileState?
    /// The entry's file on this computer: the person's own file being sent,
    /// or a received file once saved.
    public internal(set) var localFile: LocalFile?

    /// A file on this computer: where it is and how big.
    public struct LocalFile: Sendable, Hashable {
        /// Its path.
        public var path: String
        /// Its size in bytes.
        public var size: Int

        /// Describes the file at `path` of `size` bytes.
        public init(path: String, size: Int) {
            self.path = path
            self.size = size
        }
    }

    /// Creates an entry.
    public init(id: String, author: ChatAuthor, authorName: String, text: String, time: Date, delivery: Delivery?) {
        self.id = id
        self.author = author
        self.authorName = authorName
        self.text = text
        self.time = time
        self.delivery = delivery
    }

    /// Whether the person wrote it.
    public var isOwn: Bool { author == .consumer }

    /// Whether the entry is a file rather than a text message.
    public var carriesFile: Bool { attachment != nil || file != nil }

    /// Where a received file was saved, once it was.
    public var savedFilePath: String? {
        if case .saved(let path) = file { path } else { nil }
    }

    /// The short status line under one of the person's messages: "Sending…",
    /// "Sent", "Delivered" or "Not sent"; `nil` for received messages.
    public var deliveryText: String? {
        switch delivery {
        case .sending: localized("Sending…")
        case .stored: localized("Sent")
        case .delivered: localized("Delivered")
        case .failed: localized("Not sent")
        case nil: nil
        }
    }
}
