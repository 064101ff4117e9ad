/// The consumer application's side of a session: sends ``ConsumerMessage``,
/// receives ``ServerToConsumerMessage``.
public typealias ConsumerChannel = ReliableChannel<ConsumerMessage, ServerToConsumerMessage>

/// The server's side of a consumer's session.
public typealias ServerConsumerChannel = ReliableChannel<ServerToConsumerMessage, ConsumerMessage>

/// An agent's side of its connection: sends ``AgentMessage``, receives
/// ``ServerToAgentMessage``.
public typealias AgentChannel = ReliableChannel<AgentMessage, ServerToAgentMessage>

/// The server's side of an agent's connection.
public typealias ServerAgentChannel = ReliableChannel<ServerToAgentMessage, AgentMessage>
