/// How far a chat message got, as a receipt reports it.
public enum ChatDeliveryStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// The server stored the message; no agent has received it yet.
    case stored
    /// An agent received the message.
    case delivered
}
