extension ConsumerMessage {
    /// Reads the envelope's `type` and `body`.
    public init(from decoder: any Decoder) throws {
        let envelope = try WireReader(decoder)
        let type: String = try envelope.decode("type")
        switch type {
        case "hello": self = .hello(try envelope.decode("body"))
        case "resume": self = .resume(try envelope.decode("body"))
        case "ack": self = .ack
        case "chat":
            let body = try envelope.object("body")
            self = .chat(
                clientMessageID: try body.identifier("clientMessageId"),
                text: try body.text("text", max: ProtocolLimits.maxChatText),
                attachment: try body.textIfPresent("attachmentTicket", max: ProtocolLimits.maxAttachmentTicket)
                    .map(AttachmentTicket.init))
        case "typing": self = .typing(isTyping: try envelope.object("body").bool("isTyping"))
        case "screenShareAnswer":
            let body = try envelope.object("body")
            self = .screenShareAnswer(
                requestID: try body.identifier("requestId"), accepted: try body.bool("accepted"),
                shared: try body.sharedSourceIfPresent("shared"))
        case "controlAnswer":
            let body = try envelope.object("body")
            self = .controlAnswer(requestID: try body.identifier("requestId"), accepted: try body.bool("accepted"))
        case "pushAnswer":
            let body = try envelope.object("body")
            self = .pushAnswer(requestID: try body.identifier("requestId"), accepted: try body.bool("accepted"))
        case "screenShareEnd": self = .screenShareEnd(requestID: try envelope.object("body").identifier("requestId"))
        case "leaveQueue": self = .leaveQueue
        case "endSession": self = .endSession
        case "error": self = .error(try envelope.decode("body"))
        case "inputResult":
            let body = try envelope.object("body")
            self = .inputResult(inputID: try body.identifier("inputId"), outcome: try body.inputOutcome("outcome"))
        case "controlEnd": self = .controlEnd(requestID: try envelope.object("body").identifier("requestId"))
        case "annotationsCleared":
            let body = try envelope.object("body")
            self = .annotationsCleared(ids: try body.annotationIDs("ids"), reason: try body.annotationClearReason("reason"))
        case "callAnswer":
            let body = try envelope.object("body")
            self = .callAnswer(requestID: try body.identifier("requestId"), accepted: try body.bool("accepted"))
        case "askForCall": self = .askForCall(media: try envelope.object("body").callMedia("media"))
        case "callSignal":
            let body = try envelope.object("body")
            self = .callSignal(requestID: try body.identifier("requestId"), signal: try body.callSignal("signal"))
        case "screenSignal":
            let body = try envelope.object("body")
            self = .screenSignal(requestID: try body.identifier("requestId"), signal: try body.callSignal("signal"))
        case "callMediaState":
            let body = try envelope.object("body")
            self = .callMediaState(requestID: try body.identifier("requestId"), state: try body.callMediaState())
        case "callEnd": self = .callEnd(requestID: try envelope.object("body").identifier("requestId"))
        default: throw UnknownMessageType(type: type)
        }
    }

    /// Writes the envelope's `type` and `body`.
    public func encode(to encoder: any Encoder) throws {
        var envelope = WireWriter(encoder)
        try envelope.encode(messageType, "type")
        switch self {
        case .hello(let hello): try envelope.encode(hello, "body")
        case .resume(let resume): try envelope.encode(resume, "body")
        case .ack, .leaveQueue, .endSession: break
        case .chat(let clientMessageID, let text, let attachment):
            var body = envelope.object("body")
            try body.identifier(clientMessageID, "clientMessageId")
            try body.text(text, "text", max: ProtocolLimits.maxChatText)
            try body.textIfPresent(attachment?.rawValue, "attachmentTicket", max: ProtocolLimits.maxAttachmentTicket)
        case .typing(let isTyping):
            var body = envelope.object("body")
            try body.encode(isTyping, "isTyping")
        case .screenShareAnswer(let requestID, let accepted, let shared):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
            try body.encode(accepted, "accepted")
            try body.textIfPresent(shared?.rawValue, "shared", max: ProtocolLimits.maxIdentifier)
        case .controlAnswer(let requestID, let accepted), .pushAnswer(let requestID, let accepted),
            .callAnswer(let requestID, let accepted):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
            try body.encode(accepted, "accepted")
        case .screenShareEnd(let requestID), .callEnd(let requestID):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
        case .error(let report): try envelope.encode(report, "body")
        case .inputResult(let inputID, let outcome):
            var body = envelope.object("body")
            try body.identifier(inputID, "inputId")
            try body.text(outcome.rawValue, "outcome", max: ProtocolLimits.maxIdentifier)
        case .controlEnd(let requestID):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
        case .annotationsCleared(let ids, let reason):
            var body = envelope.object("body")
            try body.annotationIDs(ids, "ids")
            try body.text(reason.rawValue, "reason", max: ProtocolLimits.maxIdentifier)
        case .askForCall(let media):
            var body = envelope.object("body")
            try body.text(media.rawValue, "media", max: ProtocolLimits.maxIdentifier)
        case .callSignal(let requestID, let signal), .screenSignal(let requestID, let signal):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
            try body.callSignal(signal, "signal")
        case .callMediaState(let requestID, let state):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
            try body.callMediaState(state)
        }
    }
}
