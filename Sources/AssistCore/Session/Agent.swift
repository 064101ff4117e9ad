/// A support agent as the consumer's application sees it.
public struct Agent: Sendable, Hashable, Codable, Identifiable {
    /// The agent's stable identifier on the support server.
    public var id: String
    /// The name shown to the person, e.g. "Sam from Support".
    public var name: String
    /// The permission sets the agent presented, or `nil` when it presented
    /// none and therefore holds ``AgentPermissions/implicitDefault``.
    public var permissions: AgentPermissions?

    /// Creates an agent.
    public init(id: String, name: String, permissions: AgentPermissions? = nil) {
        self.id = id
        self.name = name
        self.permissions = permissions
    }

    /// The permissions that decide what this agent sees: the ones it presented,
    /// or the implicit default when it presented none.
    public var effectivePermissions: AgentPermissions {
        permissions ?? .implicitDefault
    }
}
