import Foundation

extension TranscriptDocument {
    /// The document of the person's own chat: each entry with its author's
    /// name as the chat shows it (the person's own as "You": it is their
    /// copy), its time, its file if it carries one, and how far it got — for
    /// the person's messages, or a file that was not sent or saved, why.
    ///
    /// - Parameters:
    ///   - chat: The chat as the person sees it.
    ///   - sessionID: The server's id of the session, once it answered.
    ///   - personName: The person's name, for the document's details.
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
                    authorName: entry.authorName,
                    role: TranscriptEntry.Role(entry.author), time: entry.time, content: .of(text: entry.text, attachment: entry.attachment),
                    deliveryNote: entry.deliveryText ?? (entry.carriesFile ? ChatFileCardContent(entry).status : nil))
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
