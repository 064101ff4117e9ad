import Foundation

extension TranscriptDocument {
    /// The document of the person's own chat: each entry with its author's
    /// name, its time and, for the person's messages, how far it got.
    ///
    /// - Parameters:
    ///   - chat: The chat as the person sees it.
    ///   - sessionID: The server's id of the session, once it answered.
    ///   - personName: The person's name; their messages are signed with it,
    ///     or with the chat's own "You" when it is `nil`.
    ///   - agentNames: The agents who took part, in the order they joined.
    ///   - startedAt: When the session started.
    public init(
        chat: ChatTranscript, sessionID: String? = nil, personName: String? = nil, agentNames: [String] = [],
        startedAt: Date? = nil
    ) {
        self.init(
            sessionID: sessionID, personName: personName, agentNames: agentNames, startedAt: startedAt,
            entries: chat.entries.map { entry in
                TranscriptEntry(
                    authorName: entry.isOwn ? (personName ?? entry.authorName) : entry.authorName,
                    role: TranscriptEntry.Role(entry.author), time: entry.time, content: .text(entry.text),
                    deliveryNote: entry.deliveryText)
            })
    }
}

extension TranscriptEntry.Role {
    /// The role of a chat message's author.
    public init(_ author: ChatAuthor) {
        switch author {
        case .consumer: self = .person
        case .agent: self = .agent
        case .system: self = .service
        }
    }
}
