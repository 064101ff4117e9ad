/// A message the server sends to an agent (`/v1/agent`).
public enum ServerToAgentMessage: WireMessage {
    /// The agent is signed in (answer to `hello` or `resume`). Not sequenced.
    case welcome(AgentWelcome)
    /// Acknowledges what was received, in the envelope's `ack`; no body. Not sequenced.
    case ack
    /// The sessions waiting for an agent; only the newest counts. Not sequenced.
    case queueSnapshot(QueueSnapshot)
    /// The agent now serves a session. Sequenced.
    case sessionAssigned(SessionAssignment)
    /// A chat message in one of the agent's sessions (from the person, another
    /// agent or the service). Sequenced.
    case chat(sessionID: SessionID, message: ChatMessage)
    /// The person started or stopped typing. Not sequenced.
    case typing(sessionID: SessionID, isTyping: Bool)
    /// How far one of the agent's chat messages got. Sequenced.
    case chatReceipt(sessionID: SessionID, receipt: ChatReceipt)
    /// The person answered a screen-share, control, push or call request;
    /// an accepted screen share says what is shown (§12.8). Sequenced.
    case consumerAnswered(
        sessionID: SessionID, requestID: RequestID, kind: ConsentKind, accepted: Bool, shared: SharedSource? = nil)
    /// The person stopped the screen share `requestID` started. Sequenced.
    case screenShareEnd(sessionID: SessionID, requestID: RequestID)
    /// One of the agent's sessions is over. Sequenced.
    case sessionEnded(sessionID: SessionID, reason: SessionEndReason, text: String?)
    /// The server could not accept a frame from the agent. Not sequenced.
    case error(ErrorReport)
    /// What the app did with one of the agent's input events. Not sequenced; version 2.
    case inputResult(sessionID: SessionID, inputID: RequestID, outcome: InputOutcome)
    /// The person took control back; the share goes on. Sequenced; version 2.
    case controlEnd(sessionID: SessionID, requestID: RequestID)
    /// The app took strokes of the agent's off the session's window. Not
    /// sequenced; version 2.
    case annotationsCleared(sessionID: SessionID, ids: [AnnotationID], reason: AnnotationClearReason)
    /// The person asks the agent to call. Sequenced; version 3.
    case callAsked(sessionID: SessionID, media: CallMedia)
    /// A step of the call's negotiation from the person's app. Not sequenced; version 3.
    case callSignal(sessionID: SessionID, requestID: RequestID, signal: CallSignal)
    /// A step of the app's negotiation of the video track that carries the
    /// shared screen `requestID` (§13.5). Not sequenced; version 3.
    case screenSignal(sessionID: SessionID, requestID: RequestID, signal: CallSignal)
    /// The person turned the microphone or camera off or on. Not sequenced; version 3.
    case callMediaState(sessionID: SessionID, requestID: RequestID, state: CallMediaState)
    /// The call is over, and why. Sequenced; version 3.
    case callEnd(sessionID: SessionID, requestID: RequestID, reason: CallEndReason)

    /// The envelope's `type`.
    public var messageType: String {
        switch self {
        case .welcome: "welcome"
        case .ack: "ack"
        case .queueSnapshot: "queueSnapshot"
        case .sessionAssigned: "sessionAssigned"
        case .chat: "chat"
        case .typing: "typing"
        case .chatReceipt: "chatReceipt"
        case .consumerAnswered: "consumerAnswered"
        case .screenShareEnd: "screenShareEnd"
        case .sessionEnded: "sessionEnded"
        case .error: "error"
        case .inputResult: "inputResult"
        case .controlEnd: "controlEnd"
        case .annotationsCleared: "annotationsCleared"
        case .callAsked: "callAsked"
        case .callSignal: "callSignal"
        case .screenSignal: "screenSignal"
        case .callMediaState: "callMediaState"
        case .callEnd: "callEnd"
        }
    }

    /// Whether the message is sequenced (see ``WireMessage/isSequenced``).
    public var isSequenced: Bool {
        switch self {
        case .welcome, .ack, .queueSnapshot, .typing, .error, .inputResult, .annotationsCleared, .callSignal, .screenSignal,
            .callMediaState:
            false
        case .sessionAssigned, .chat, .chatReceipt, .consumerAnswered, .screenShareEnd, .sessionEnded, .controlEnd,
            .callAsked, .callEnd:
            true
        }
    }

    /// The version that introduced the type (see ``WireMessage/introducedInVersion``).
    public var introducedInVersion: Int {
        switch self {
        case .inputResult, .controlEnd, .annotationsCleared: ProtocolVersion.cobrowse
        case .callAsked, .callSignal, .screenSignal, .callMediaState, .callEnd: ProtocolVersion.call
        default: 1
        }
    }
}
