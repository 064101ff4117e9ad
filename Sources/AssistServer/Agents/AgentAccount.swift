public import AssistCore

/// An agent the server knows: who it is, how much it may take on, which
/// destinations it serves, and what it may see and do in a co-browse.
public struct AgentAccount: Sendable, Hashable {
    /// The destination that stands for every destination.
    public static let everyDestination = "*"

    /// The agent's stable id, also the destination that routes to this agent alone.
    public var id: String
    /// The name the person sees.
    public var name: String
    /// The SHA-256 digest of the secret the agent signs in with; the
    /// server keeps no other form of it.
    var tokenDigest: SecretDigest
    /// How many sessions the agent takes at once.
    public var capacity: Int
    /// The queues the agent serves (besides its own id); `*` serves all.
    public var destinations: Set<String>
    /// The permission sets sent to the consumer when the agent joins; `nil`
    /// for the implicit default.
    public var permissions: AgentPermissions?

    /// Creates an account whose agent signs in with `token`; only the
    /// token's digest is kept.
    public init(
        id: String, name: String, token: String, capacity: Int = 1, destinations: Set<String> = [],
        permissions: AgentPermissions? = nil
    ) {
        self.init(
            id: id, name: name, tokenDigest: SecretDigest(of: token), capacity: capacity, destinations: destinations,
            permissions: permissions)
    }

    /// Creates an account from its token's digest, as an agents file's
    /// `tokenSHA256` gives it.
    init(
        id: String, name: String, tokenDigest: SecretDigest, capacity: Int, destinations: Set<String>,
        permissions: AgentPermissions?
    ) {
        self.id = id
        self.name = name
        self.tokenDigest = tokenDigest
        self.capacity = capacity
        self.destinations = destinations
        self.permissions = permissions
    }

    /// Whether sessions for `destination` may go to this agent: its own id,
    /// one of its destinations, or any destination with `*`.
    public func serves(_ destination: String) -> Bool {
        destination == id || destinations.contains(destination) || destinations.contains(Self.everyDestination)
    }

    /// The agent as consumers and the protocol see it.
    public var agent: Agent {
        Agent(id: id, name: name, permissions: permissions)
    }
}
