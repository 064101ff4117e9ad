/// The server's answer to an agent's `hello` or `resume`.
public struct AgentWelcome: Sendable, Hashable, Codable {
    /// Who the token says the agent is, with the permissions it holds.
    public var agent: Agent
    /// The token to present in a later `resume`; only the newest one is valid.
    public var resumeToken: ResumeToken
    /// How long the server keeps the agent's place after the connection drops.
    public var gracePeriodSeconds: Int
    /// The protocol version every later frame uses.
    public var version: Int
    /// The highest `seq` the server received from the agent, 0 if none.
    public var lastReceivedSeq: Int
    /// The STUN and TURN servers both peers of a call use (§13.1): present
    /// exactly on connections that negotiated version 3, possibly empty.
    public var iceServers: [IceServer]?

    /// Creates an agent welcome.
    public init(
        agent: Agent, resumeToken: ResumeToken, gracePeriodSeconds: Int,
        version: Int = ProtocolVersion.current, lastReceivedSeq: Int = 0,
        iceServers: [IceServer]? = nil
    ) {
        self.agent = agent
        self.resumeToken = resumeToken
        self.gracePeriodSeconds = gracePeriodSeconds
        self.version = version
        self.lastReceivedSeq = lastReceivedSeq
        self.iceServers = iceServers
    }

    /// Reads the body, enforcing the protocol's limits.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        self.init(
            agent: try reader.agent("agent"),
            resumeToken: try reader.identifier("resumeToken"),
            gracePeriodSeconds: try reader.integer("gracePeriodSeconds"),
            version: try reader.integer("version", min: 1),
            lastReceivedSeq: try reader.integer("lastReceivedSeq"),
            iceServers: try reader.iceServersIfPresent("iceServers"))
    }

    /// Writes the body, enforcing the protocol's limits.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.agent(agent, "agent")
        try writer.identifier(resumeToken, "resumeToken")
        try writer.integer(gracePeriodSeconds, "gracePeriodSeconds")
        try writer.integer(version, "version", min: 1)
        try writer.integer(lastReceivedSeq, "lastReceivedSeq")
        try writer.iceServersIfPresent(iceServers, "iceServers")
    }
}
