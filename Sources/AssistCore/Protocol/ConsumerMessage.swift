/// A message the consumer's application sends to the server (`/v1/consumer`).
public enum ConsumerMessage: WireMessage {
    /// Opens a new session. Not sequenced.
    case hello(ConsumerHello)
    /// Continues a session on a new connection. Not sequenced.
    case resume(ResumeRequest)
    /// Acknowledges what was received, in the envelope's `ack`; no body. Not sequenced.
    case ack
    /// A chat message from the person, carrying the file an
    /// ``AttachmentTicket`` names if it has one. Sequenced.
    case chat(clientMessageID: ClientMessageID, text: String, attachment: AttachmentTicket? = nil)
    /// The person started or stopped typing. Not sequenced.
    case typing(isTyping: Bool)
    /// The person's answer to a screen-share request, with what they share
    /// when they accept (§12.8). Sequenced.
    case screenShareAnswer(requestID: RequestID, accepted: Bool, shared: SharedSource? = nil)
    /// The person's answer to a request for control during co-browse. Sequenced.
    case controlAnswer(requestID: RequestID, accepted: Bool)
    /// The person's answer to pushed content. Sequenced.
    case pushAnswer(requestID: RequestID, accepted: Bool)
    /// The person stopped the screen share the request started. Sequenced.
    case screenShareEnd(requestID: RequestID)
    /// The person stopped waiting before an agent joined. Sequenced.
    case leaveQueue
    /// The person ended the session. Sequenced.
    case endSession
    /// The consumer could not accept a frame from the server. Not sequenced.
    case error(ErrorReport)
    /// What the app did with an agent's input event. Not sequenced; version 2.
    case inputResult(inputID: RequestID, outcome: InputOutcome)
    /// The person took control back; the share goes on. Sequenced; version 2.
    case controlEnd(requestID: RequestID)
    /// The app took strokes of the agent's off the window. Not sequenced;
    /// version 2.
    case annotationsCleared(ids: [AnnotationID], reason: AnnotationClearReason)
    /// The person's answer to a call request. Sequenced; version 3.
    case callAnswer(requestID: RequestID, accepted: Bool)
    /// The person asks the agent to call. Sequenced; version 3.
    case askForCall(media: CallMedia)
    /// A step of the call's negotiation, for the agent. Not sequenced
    /// (a stale offer or candidate is worthless); version 3.
    case callSignal(requestID: RequestID, signal: CallSignal)
    /// A step of the negotiation of the video track that carries the shared
    /// screen `requestID` (§13.5), for the agent. Not sequenced; version 3.
    case screenSignal(requestID: RequestID, signal: CallSignal)
    /// The person turned the microphone or camera off or on. Not
    /// sequenced; version 3.
    case callMediaState(requestID: RequestID, state: CallMediaState)
    /// The person hung up. Sequenced; version 3.
    case callEnd(requestID: RequestID)

    /// The envelope's `type`.
    public var messageType: String {
        switch self {
        case .hello: "hello"
        case .resume: "resume"
        case .ack: "ack"
        case .chat: "chat"
        case .typing: "typing"
        case .screenShareAnswer: "screenShareAnswer"
        case .controlAnswer: "controlAnswer"
        case .pushAnswer: "pushAnswer"
        case .screenShareEnd: "screenShareEnd"
        case .leaveQueue: "leaveQueue"
        case .endSession: "endSession"
        case .error: "error"
        case .inputResult: "inputResult"
        case .controlEnd: "controlEnd"
        case .annotationsCleared: "annotationsCleared"
        case .callAnswer: "callAnswer"
        case .askForCall: "askForCall"
        case .callSignal: "callSignal"
        case .screenSignal: "screenSignal"
        case .callMediaState: "callMediaState"
        case .callEnd: "callEnd"
        }
    }

    /// Whether the message is sequenced (see ``WireMessage/isSequenced``).
    public var isSequenced: Bool {
        switch self {
        case .hello, .resume, .ack, .typing, .error, .inputResult, .annotationsCleared, .callSignal, .screenSignal,
            .callMediaState:
            false
        case .chat, .screenShareAnswer, .controlAnswer, .pushAnswer, .screenShareEnd, .leaveQueue, .endSession,
            .controlEnd, .callAnswer, .askForCall, .callEnd:
            true
        }
    }

    /// The version that introduced the type (see ``WireMessage/introducedInVersion``).
    public var introducedInVersion: Int {
        switch self {
        case .inputResult, .controlEnd, .annotationsCleared: ProtocolVersion.cobrowse
        case .callAnswer, .askForCall, .callSignal, .screenSignal, .callMediaState, .callEnd: ProtocolVersion.call
        default: 1
        }
    }
}
