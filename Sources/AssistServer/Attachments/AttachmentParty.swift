import AssistCore
import Hummingbird

/// Who makes an attachment request: the person of a session, known by its
/// resume token, or an agent, known by its agent token (both as
/// `Authorization: Bearer`).
enum AttachmentParty: Sendable, Hashable {
    /// The person of session `SessionID`.
    case consumer(SessionID)
    /// The agent with this id.
    case agent(String)

    /// The party `request`'s bearer token names: an agent's token first,
    /// then a resume token of an open session (`session`).
    static func of(
        _ request: Request, agents: AgentDirectory, session: @Sendable (_ resumeToken: String) async -> SessionID?
    ) async throws -> AttachmentParty {
        guard let token = BearerToken.of(request) else { throw AttachmentRefusal.unauthenticated }
        if let account = agents.account(forToken: token) { return .agent(account.id) }
        if let session = await session(token) { return .consumer(session) }
        throw AttachmentRefusal.unauthenticated
    }

    /// The party as an attachment's `uploader` and chat's `sender` store it.
    var uploader: String {
        switch self {
        case .consumer: StoredChat.sender(of: .consumer)
        case .agent(let id): StoredChat.sender(of: .agent(id: id))
        }
    }

    /// Whether the party takes part in session `id`, whose parties are `parties`.
    func takesPart(in id: SessionID, parties: SessionParties) -> Bool {
        switch self {
        case .consumer(let own): own == id
        case .agent(let agentID): parties.agentID == agentID
        }
    }
}
