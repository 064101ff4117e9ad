import Foundation

/// One ``ChatEntry`` as kept on disk, with its delivery state. Separate from
/// ``ChatEntry`` so that the file's format changes only with ``KeptSession/format``.
public struct KeptChatEntry: Sendable, Hashable, Codable {
    /// Who wrote a kept entry.
    public enum Author: String, Sendable, Hashable, Codable {
        /// The person.
        case consumer
        /// An agent, named by ``KeptChatEntry/agentID``.
        case agent
        /// The service.
        case system
    }

    /// How far one of the person's messages got.
    public enum Delivery: String, Sendable, Hashable, Codable {
        /// Not yet confirmed by the server.
        case sending
        /// Stored by the server.
        case stored
        /// Received by an agent.
        case delivered
        /// Given up before the server confirmed it.
        case failed
    }

    /// The entry's id: the client message id or the server's message id.
    public var id: String
    /// Who wrote it.
    public var author: Author
    /// The agent who wrote it, when ``author`` is ``Author/agent``.
    public var agentID: String?
    /// The name shown above the text.
    public var authorName: String
    /// The text.
    public var text: String
    /// When it was written or accepted.
    public var time: Date
    /// How far it got; `nil` for received messages.
    public var delivery: Delivery?
    /// The file it carries, as the server described it.
    public var attachment: AttachmentInfo?
    /// The file on this computer: the person's own being sent, or a
    /// received one once saved.
    public var filePath: String?
    /// Whether a received file was saved at ``filePath``.
    public var fileSaved: Bool?

    /// Keeps `entry`.
    public init(_ entry: ChatEntry) {
        id = entry.id
        switch entry.author {
        case .consumer: author = .consumer
        case .agent(let id):
            author = .agent
            agentID = id
        case .system: author = .system
        }
        authorName = entry.authorName
        text = entry.text
        time = entry.time
        delivery = entry.delivery.map {
            switch $0 {
            case .sending: .sending
            case .stored: .stored
            case .delivered: .delivered
            case .failed: .failed
            }
        }
        attachment = entry.attachment
        filePath = entry.localFile?.path
        fileSaved = entry.savedFilePath != nil ? true : nil
    }

    /// The entry again.
    ///
    /// - Throws: ``KeptSessionError`` for an agent's entry without its agent.
    public func restored() throws(KeptSessionError) -> ChatEntry {
        let chatAuthor: ChatAuthor
        switch author {
        case .consumer: chatAuthor = .consumer
        case .system: chatAuthor = .system
        case .agent:
            guard let agentID else { throw KeptSessionError(.damaged("chat entry \(id) names no agent")) }
            chatAuthor = .agent(id: agentID)
        }
        let state: ChatEntry.Delivery? = delivery.map {
            switch $0 {
            case .sending: .sending
            case .stored: .stored
            case .delivered: .delivered
            case .failed: .failed
            }
        }
        var entry = ChatEntry(id: id, author: chatAuthor, authorName: authorName, text: text, time: time, delivery: state)
        restoreFile(into: &entry)
        return entry
    }

    /// The file's state after a relaunch: a transfer under way when the app
    /// stopped did not finish, and says so.
    private func restoreFile(into entry: inout ChatEntry) {
        entry.attachment = attachment
        switch (author, attachment, filePath) {
        case (.consumer, .some(let attachment), let path):
            entry.file = .uploaded
            entry.localFile = path.map { ChatEntry.LocalFile(path: $0, size: attachment.size) }
        case (.consumer, nil, .some(let path)):
            entry.file = .notSent(localized("The app closed before the file was sent."))
            entry.localFile = ChatEntry.LocalFile(path: path, size: 0)
        case (_, .some(let attachment), .some(let path)) where fileSaved == true:
            entry.file = .saved(path: path)
            entry.localFile = ChatEntry.LocalFile(path: path, size: attachment.size)
        case (_, .some, _):
            entry.file = .notSaved(localized("The app closed before the file was saved."))
        default:
            break
        }
    }
}
