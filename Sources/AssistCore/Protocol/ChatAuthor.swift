/// Who wrote a chat message.
public enum ChatAuthor: Sendable, Hashable {
    /// The person being helped.
    case consumer
    /// The agent with this id.
    case agent(id: String)
    /// The service itself, e.g. "Sam joined the chat".
    case system
}
