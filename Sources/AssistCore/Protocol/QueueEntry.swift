/// One waiting consumer, as the agent console lists it.
public struct QueueEntry: Sendable, Hashable, Codable {
    /// The waiting session.
    public var sessionID: SessionID
    /// The name the person gave, if any.
    public var visitorName: String?
    /// The queue or skill the session is routed to.
    public var destination: String
    /// The 1-based rank among everyone waiting for the same destination (`n`).
    public var waitingRank: Int
    /// The position the consumer is shown, `max(n − c, 0)`.
    public var position: Int
    /// How long the consumer has waited so far.
    public var waitingSeconds: Int
    /// The pre-chat answers, in form order.
    public var preChat: [PrechatAnswer]

    /// Creates a queue entry.
    public init(
        sessionID: SessionID, visitorName: String?, destination: String, waitingRank: Int,
        position: Int, waitingSeconds: Int, preChat: [PrechatAnswer]
    ) {
        self.sessionID = sessionID
        self.visitorName = visitorName
        self.destination = destination
        self.waitingRank = waitingRank
        self.position = position
        self.waitingSeconds = waitingSeconds
        self.preChat = preChat
    }

    /// Reads the entry, enforcing the protocol's limits.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        self.init(
            sessionID: try reader.identifier("sessionId"),
            visitorName: try reader.textIfPresent("visitorName", max: ProtocolLimits.maxName),
            destination: try reader.text("destination", max: ProtocolLimits.maxName),
            waitingRank: try reader.integer("waitingRank", min: 1),
            position: try reader.integer("position"),
            waitingSeconds: try reader.integer("waitingSeconds"),
            preChat: try reader.has("preChat") ? try reader.preChat("preChat") : [])
    }

    /// Writes the entry, enforcing the protocol's limits.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.identifier(sessionID, "sessionId")
        try writer.textIfPresent(visitorName, "visitorName", max: ProtocolLimits.maxName)
        try writer.text(destination, "destination", max: ProtocolLimits.maxName)
        try writer.integer(waitingRank, "waitingRank", min: 1)
        try writer.integer(position, "position")
        try writer.integer(waitingSeconds, "waitingSeconds")
        try writer.preChat(preChat, "preChat")
    }
}
