/// A message the server sends to the consumer's application (`/v1/consumer`).
public enum ServerToConsumerMessage: WireMessage {
    /// The session is open (answer to `hello` or `resume`). Not sequenced.
    case welcome(ConsumerWelcome)
    /// Acknowledges what was received, in the envelope's `ack`; no body. Not sequenced.
    case ack
    /// Where the consumer stands in the queue; only the newest counts. Not sequenced.
    case queueUpdate(QueueUpdate)
    /// An agent joined the session. Sequenced.
    case agentJoined(Agent)
    /// An agent left the session. Sequenced.
    case agentLeft(Agent)
    /// A chat message from an agent or the service. Sequenced.
    case chat(ChatMessage)
    /// An agent started or stopped typing. Not sequenced.
    case typing(agentID: String, isTyping: Bool)
    /// An agent asks to see the window (co-browse). Sequenced.
    case screenShareRequest(requestID: RequestID, agentID: String, scope: ShareScope = .window)
    /// An agent asks to act on the shared window. Sequenced.
    case controlRequest(requestID: RequestID, agentID: String)
    /// The agent stopped the screen share the request started. Sequenced.
    case screenShareEnd(requestID: RequestID)
    /// An agent pushes a web page or a document. Sequenced.
    case push(requestID: RequestID, agentID: String, content: PushedContent)
    /// How far one of the consumer's chat messages got. Sequenced.
    case chatReceipt(ChatReceipt)
    /// The session is over; the server closes with 1000 next. Sequenced.
    case sessionEnded(reason: SessionEndReason, text: String?)
    /// The server could not accept a frame from the consumer. Not sequenced.
    case error(ErrorReport)
    /// The agent needs a whole picture: the next co-browse frame is to be a
    /// keyframe. Not sequenced; version 2.
    case keyframeRequest
    /// An input event from the agent in control, for the app to decide and
    /// perform. Not sequenced; version 2.
    case agentInput(inputID: RequestID, agentID: String, event: InputEvent)
    /// A stroke the agent drew over the shared window, for the app to show
    /// over it (never in the frames). Not sequenced; version 2.
    case annotate(agentID: String, stroke: AnnotationStroke)
    /// The agent took all its strokes off. Not sequenced; version 2.
    case clearAnnotations(agentID: String)
    /// An agent proposes a call. Sequenced; version 3.
    case callRequest(requestID: RequestID, agentID: String, media: CallMedia)
    /// A step of the call's negotiation from the agent. Not sequenced; version 3.
    case callSignal(requestID: RequestID, signal: CallSignal)
    /// A step of the agent's negotiation of the video track that carries the
    /// shared screen `requestID` (§13.5). Not sequenced; version 3.
    case screenSignal(requestID: RequestID, signal: CallSignal)
    /// The agent turned its microphone or camera off or on. Not sequenced; version 3.
    case callMediaState(requestID: RequestID, state: CallMediaState)
    /// The call is over, and why. Sequenced; version 3.
    case callEnd(requestID: RequestID, reason: CallEndReason)

    /// The envelope's `type`.
    public var messageType: String {
        switch self {
        case .welcome: "welcome"
        case .ack: "ack"
        case .queueUpdate: "queueUpdate"
        case .agentJoined: "agentJoined"
        case .agentLeft: "agentLeft"
        case .chat: "chat"
        case .typing: "typing"
        case .screenShareRequest: "screenShareRequest"
        case .controlRequest: "controlRequest"
        case .screenShareEnd: "screenShareEnd"
        case .push: "push"
        case .chatReceipt: "chatReceipt"
        case .sessionEnded: "sessionEnded"
        case .error: "error"
        case .keyframeRequest: "keyframeRequest"
        case .agentInput: "agentInput"
        case .annotate: "annotate"
        case .clearAnnotations: "clearAnnotations"
        case .callRequest: "callRequest"
        case .callSignal: "callSignal"
        case .screenSignal: "screenSignal"
        case .callMediaState: "callMediaState"
        case .callEnd: "callEnd"
        }
    }

    /// Whether the message is sequenced (see ``WireMessage/isSequenced``).
    public var isSequenced: Bool {
        switch self {
        case .welcome, .ack, .queueUpdate, .typing, .error, .keyframeRequest, .agentInput, .annotate, .clearAnnotations,
            .callSignal, .screenSignal, .callMediaState:
            false
        case .agentJoined, .agentLeft, .chat, .screenShareRequest, .controlRequest, .screenShareEnd, .push,
            .chatReceipt, .sessionEnded, .callRequest, .callEnd:
            true
        }
    }

    /// The version that introduced the type (see ``WireMessage/introducedInVersion``).
    public var introducedInVersion: Int {
        switch self {
        case .keyframeRequest, .agentInput, .annotate, .clearAnnotations: ProtocolVersion.cobrowse
        case .callRequest, .callSignal, .screenSignal, .callMediaState, .callEnd: ProtocolVersion.call
        default: 1
        }
    }
}
