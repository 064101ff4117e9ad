import AssistCore
import Foundation

/// A stored session's chat as a ``TranscriptDocument``, for the agent who
/// had it: who may read it, and what it says.
struct SessionTranscript: Sendable {
    /// The session as stored.
    let session: SessionRow
    /// Its chat, oldest first.
    let chat: [StoredChat]

    /// Whether `agentID` had the session: it holds it (or held it when it
    /// ended), or wrote in it before it went back to the queue.
    func isReadable(by agentID: String) -> Bool {
        session.agentID == agentID || chat.contains { $0.message.author == .agent(id: agentID) }
    }

    /// The document, with the agents named as `directory` names them (an
    /// agent no longer in it by its id); the person by the name they gave,
    /// or "Visitor". The server does not know how far each message got, so
    /// no entry has a delivery note.
    func document(directory: AgentDirectory) -> TranscriptDocument {
        let personName = session.hello.visitorName.flatMap { $0.isEmpty ? nil : $0 } ?? "Visitor"
        var agentIDs: [String] = []
        for case .agent(let id) in chat.map(\.message.author) where !agentIDs.contains(id) { agentIDs.append(id) }
        if let current = session.agentID, !agentIDs.contains(current) { agentIDs.append(current) }
        let names = Dictionary(directory.all.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        func agentName(_ id: String) -> String { names[id] ?? "Agent \(id)" }
        return TranscriptDocument(
            sessionID: session.id.rawValue, personName: personName, agentNames: agentIDs.map(agentName),
            startedAt: session.createdAt,
            entries: chat.map { stored in
                let author: String
                switch stored.message.author {
                case .consumer: author = personName
                case .agent(let id): author = agentName(id)
                case .system: author = "Support"
                }
                return TranscriptEntry(
                    authorName: author, role: TranscriptEntry.Role(stored.message.author), time: stored.message.sentAt,
                    content: .of(text: stored.message.text, attachment: stored.message.attachment))
            })
    }
}
