/// A message an agent (the web console or the demo agent) sends to the
/// server (`/v1/agent`).
public enum AgentMessage: WireMessage {
    /// Signs the agent in. Not sequenced.
    case hello(AgentHello)
    /// Continues the agent's connection after a drop. Not sequenced.
    case resume(ResumeRequest)
    /// Acknowledges what was received, in the envelope's `ack`; no body. Not sequenced.
    case ack
    /// Takes the longest-waiting session the agent may serve. Sequenced.
    case acceptNext
    /// Takes one waiting session. Sequenced.
    case acceptSession(SessionID)
    /// Joins the session a person's short code names. Sequenced.
    case redeemShortCode(ShortCode)
    /// A chat message to the person, carrying the file an
    /// ``AttachmentTicket`` names if it has one. Sequenced.
    case chat(sessionID: SessionID, clientMessageID: ClientMessageID, text: String, attachment: AttachmentTicket? = nil)
    /// The agent started or stopped typing. Not sequenced.
    case typing(sessionID: SessionID, isTyping: Bool)
    /// Asks the person to share the app's window or, with scope
    /// ``ShareScope/screen``, the screen (§12.8); `requestID` is chosen by
    /// the agent. Sequenced.
    case requestScreenShare(sessionID: SessionID, requestID: RequestID, scope: ShareScope = .window)
    /// Asks the person for control of the shared window. Sequenced.
    case requestControl(sessionID: SessionID, requestID: RequestID)
    /// Pushes a web page or a document to the person. Sequenced.
    case push(sessionID: SessionID, requestID: RequestID, content: PushedContent)
    /// Stops the screen share `requestID` started. Sequenced.
    case screenShareEnd(sessionID: SessionID, requestID: RequestID)
    /// Ends the session, with an optional closing text for the person. Sequenced.
    case endSession(sessionID: SessionID, text: String?)
    /// The agent could not accept a frame from the server. Not sequenced.
    case error(ErrorReport)
    /// The agent needs a whole picture of the session's shared window. Not
    /// sequenced; version 2.
    case requestKeyframe(sessionID: SessionID)
    /// An input event for a session whose window the agent controls. Not
    /// sequenced (a stale click is never replayed); version 2.
    case input(sessionID: SessionID, inputID: RequestID, event: InputEvent)
    /// A stroke drawn over a session's shared window. Not sequenced (one
    /// lost in a drop is gone); version 2.
    case annotate(sessionID: SessionID, stroke: AnnotationStroke)
    /// Takes all of the agent's strokes off a session's shared window. Not
    /// sequenced; version 2.
    case clearAnnotations(sessionID: SessionID)
    /// Proposes a call to the person; `requestID` is chosen by the agent.
    /// Sequenced; version 3.
    case requestCall(sessionID: SessionID, requestID: RequestID, media: CallMedia)
    /// A step of the call's negotiation, for the person's app. Not
    /// sequenced; version 3.
    case callSignal(sessionID: SessionID, requestID: RequestID, signal: CallSignal)
    /// A step of the negotiation of the video track that carries the shared
    /// screen `requestID` (§13.5). Not sequenced; version 3.
    case screenSignal(sessionID: SessionID, requestID: RequestID, signal: CallSignal)
    /// The agent turned its microphone or camera off or on. Not sequenced; version 3.
    case callMediaState(sessionID: SessionID, requestID: RequestID, state: CallMediaState)
    /// The agent hung up (or withdrew a proposed call). Sequenced; version 3.
    case callEnd(sessionID: SessionID, requestID: RequestID)

    /// The envelope's `type`.
    public var messageType: String {
        switch self {
        case .hello: "hello"
        case .resume: "resume"
        case .ack: "ack"
        case .acceptNext: "acceptNext"
        case .acceptSession: "acceptSession"
        case .redeemShortCode: "redeemShortCode"
        case .chat: "chat"
        case .typing: "typing"
        case .requestScreenShare: "requestScreenShare"
        case .requestControl: "requestControl"
        case .push: "push"
        case .screenShareEnd: "screenShareEnd"
        case .endSession: "endSession"
        case .error: "error"
        case .requestKeyframe: "requestKeyframe"
        case .input: "input"
        case .annotate: "annotate"
        case .clearAnnotations: "clearAnnotations"
        case .requestCall: "requestCall"
        case .callSignal: "callSignal"
        case .screenSignal: "screenSignal"
        case .callMediaState: "callMediaState"
        case .callEnd: "callEnd"
        }
    }

    /// Whether the message is sequenced (see ``WireMessage/isSequenced``).
    public var isSequenced: Bool {
        switch self {
        case .hello, .resume, .ack, .typing, .error, .requestKeyframe, .input, .annotate, .clearAnnotations,
            .callSignal, .screenSignal, .callMediaState:
            false
        case .acceptNext, .acceptSession, .redeemShortCode, .chat, .requestScreenShare, .requestControl, .push,
            .screenShareEnd, .endSession, .requestCall, .callEnd:
            true
        }
    }

    /// The version that introduced the type (see ``WireMessage/introducedInVersion``).
    public var introducedInVersion: Int {
        switch self {
        case .requestKeyframe, .input, .annotate, .clearAnnotations: ProtocolVersion.cobrowse
        case .requestCall, .callSignal, .screenSignal, .callMediaState, .callEnd: ProtocolVersion.call
        default: 1
        }
    }
}
