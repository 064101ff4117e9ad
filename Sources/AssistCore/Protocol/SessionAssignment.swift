/// Tells an agent it now serves a session: everything the consumer's `hello` said.
public struct SessionAssignment: Sendable, Hashable, Codable {
    /// The session the agent joined.
    public var sessionID: SessionID
    /// The name the person gave, if any.
    public var visitorName: String?
    /// The queue or skill the session was routed to.
    public var destination: String
    /// The pre-chat answers, in form order.
    public var preChat: [PrechatAnswer]
    /// The application's entity mapping, untouched.
    public var entityMapping: JSONValue?
    /// The application's correlation id, if it sent one.
    public var correlationID: String?
    /// What the person's app lets the agent ask to see (§12.8).
    public var shareScopes: [ShareScope]
    /// Whether the person's app lets the agent ask for control of the
    /// screen it shares (§12.9).
    public var screenControl: Bool
    /// Whether the person's app can send the screen it shares as a video
    /// track, which the agent may then offer to receive (§13.5).
    public var screenVideo: Bool

    /// Creates an assignment.
    public init(
        sessionID: SessionID, visitorName: String? = nil, destination: String, preChat: [PrechatAnswer] = [],
        entityMapping: JSONValue? = nil, correlationID: String? = nil, shareScopes: [ShareScope] = ShareScope.unannounced,
        screenControl: Bool = false, screenVideo: Bool = false
    ) {
        self.sessionID = sessionID
        self.visitorName = visitorName
        self.destination = destination
        self.preChat = preChat
        self.entityMapping = entityMapping
        self.correlationID = correlationID
        self.shareScopes = shareScopes
        self.screenControl = screenControl
        self.screenVideo = screenVideo
    }

    /// Reads the body, enforcing the protocol's limits.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        self.init(
            sessionID: try reader.identifier("sessionId"),
            visitorName: try reader.textIfPresent("visitorName", max: ProtocolLimits.maxName),
            destination: try reader.text("destination", max: ProtocolLimits.maxName),
            preChat: try reader.has("preChat") ? try reader.preChat("preChat") : [],
            entityMapping: try reader.decodeIfPresent("entityMapping"),
            correlationID: try reader.textIfPresent("correlationId", max: ProtocolLimits.maxCorrelationID),
            shareScopes: try reader.shareScopes("shareScopes"),
            screenControl: try reader.offered("screenControl"),
            screenVideo: try reader.offered("screenVideo"))
    }

    /// Writes the body, enforcing the protocol's limits.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.identifier(sessionID, "sessionId")
        try writer.textIfPresent(visitorName, "visitorName", max: ProtocolLimits.maxName)
        try writer.text(destination, "destination", max: ProtocolLimits.maxName)
        try writer.preChat(preChat, "preChat")
        try writer.encodeIfPresent(entityMapping, "entityMapping")
        try writer.textIfPresent(correlationID, "correlationId", max: ProtocolLimits.maxCorrelationID)
        try writer.shareScopes(shareScopes, "shareScopes")
        try writer.offered(screenControl, "screenControl")
        try writer.offered(screenVideo, "screenVideo")
    }
}
