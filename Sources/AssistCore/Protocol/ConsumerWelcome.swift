/// The server's answer to a consumer's `hello` or `resume`: the session is
/// open, and how to get back into it after a drop.
public struct ConsumerWelcome: Sendable, Hashable, Codable {
    /// The session, the same after every resume.
    public var sessionID: SessionID
    /// The token to present in a later `resume`; may change on each welcome,
    /// and only the newest one is valid.
    public var resumeToken: ResumeToken
    /// How long the server keeps the session after the connection drops.
    public var gracePeriodSeconds: Int
    /// The protocol version every later frame uses.
    public var version: Int
    /// The highest `seq` the server received from the consumer, 0 if none:
    /// the consumer resends everything after it.
    public var lastReceivedSeq: Int
    /// The STUN and TURN servers both peers of a call use (§13.1): present
    /// exactly on connections that negotiated version 3, possibly empty.
    public var iceServers: [IceServer]?

    /// Creates a welcome.
    public init(
        sessionID: SessionID, resumeToken: ResumeToken, gracePeriodSeconds: Int,
        version: Int = ProtocolVersion.current, lastReceivedSeq: Int = 0,
        iceServers: [IceServer]? = nil
    ) {
        self.sessionID = sessionID
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
            sessionID: try reader.identifier("sessionId"),
            resumeToken: try reader.identifier("resumeToken"),
            gracePeriodSeconds: try reader.integer("gracePeriodSeconds"),
            version: try reader.integer("version", min: 1),
            lastReceivedSeq: try reader.integer("lastReceivedSeq"),
            iceServers: try reader.iceServersIfPresent("iceServers"))
    }

    /// Writes the body, enforcing the protocol's limits.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.identifier(sessionID, "sessionId")
        try writer.identifier(resumeToken, "resumeToken")
        try writer.integer(gracePeriodSeconds, "gracePeriodSeconds")
        try writer.integer(version, "version", min: 1)
        try writer.integer(lastReceivedSeq, "lastReceivedSeq")
        try writer.iceServersIfPresent(iceServers, "iceServers")
    }
}
