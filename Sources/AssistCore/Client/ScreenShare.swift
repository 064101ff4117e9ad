/// The person's window or screen being shown to an agent: from the person's accepting
/// the agent's screen-share request until either side stops it, the agent
/// leaves or the session ends (`docs/protocol.md` §12.3).
public struct ScreenShare: Sendable, Hashable {
    /// The request the person accepted; both sides name it to stop the share.
    public let requestID: RequestID
    /// The agent who sees the window; its permissions decide what is masked.
    public let agent: Agent
    /// What the person shows: the app's own window, or a monitor or another
    /// window picked in the desktop's dialog (`docs/protocol.md` §12.8).
    public let source: SharedSource
    /// The control request the person accepted during this share, while the
    /// agent may act on the window (`docs/protocol.md` §12.6).
    public internal(set) var controlRequestID: RequestID?
    /// The strokes the agent drew over the window, shown on top of it and
    /// never in the frames (`docs/protocol.md` §12.7).
    public internal(set) var annotations = AnnotationBoard()

    /// Creates a share of `source`, without control.
    public init(requestID: RequestID, agent: Agent, source: SharedSource = .appWindow) {
        self.requestID = requestID
        self.agent = agent
        self.source = source
    }

    /// Whether the agent may act on the window (where its permissions let it).
    public var hasControl: Bool { controlRequestID != nil }

    /// What the agent may view and act on: its explicit sets, or the
    /// implicit default when it presented none.
    public var permissions: AgentPermissions { agent.permissions ?? .implicitDefault }
}
