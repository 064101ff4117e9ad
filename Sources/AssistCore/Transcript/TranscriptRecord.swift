import Foundation

/// What the person's app knows about its session's transcript as the
/// session goes on — the chat and who and when — kept up by the session's
/// events and read as a ``TranscriptDocument`` whenever the person saves or
/// prints.
public struct TranscriptRecord: Sendable, Hashable {
    /// The chat so far.
    public var chat = ChatTranscript()
    /// The server's id of the session, once it answered.
    public var sessionID: String?
    /// The person's name, when the app knows it.
    public var personName: String?
    /// When the session started.
    public var startedAt: Date?
    /// The agents who joined, in order, each once.
    public private(set) var agentNames: [String] = []

    /// A record of a session the person named `personName` started at `startedAt`.
    public init(personName: String? = nil, startedAt: Date? = nil) {
        self.personName = personName
        self.startedAt = startedAt
    }

    /// An agent joined: named in the document, once however often it joins.
    public mutating func agentJoined(_ name: String) {
        if !agentNames.contains(name) { agentNames.append(name) }
    }

    /// The document to save or print now.
    public var document: TranscriptDocument {
        TranscriptDocument(
            chat: chat, sessionID: sessionID, personName: personName, agentNames: agentNames, startedAt: startedAt)
    }
}
