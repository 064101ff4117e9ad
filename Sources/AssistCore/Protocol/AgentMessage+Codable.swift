extension AgentMessage {
    /// Reads the envelope's `type` and `body`.
    public init(from decoder: any Decoder) throws {
        let envelope = try WireReader(decoder)
        let type: String = try envelope.decode("type")
        switch type {
        case "hello": self = .hello(try envelope.decode("body"))
        case "resume": self = .resume(try envelope.decode("body"))
        case "ack": self = .ack
        case "acceptNext": self = .acceptNext
        case "acceptSession": self = .acceptSession(try envelope.object("body").identifier("sessionId"))
        case "redeemShortCode": self = .redeemShortCode(try envelope.object("body").identifier("code"))
        case "chat":
            let body = try envelope.object("body")
            self = .chat(
                sessionID: try body.identifier("sessionId"),
                clientMessageID: try body.identifier("clientMessageId"),
                text: try body.text("text", max: ProtocolLimits.maxChatText),
                attachment: try body.textIfPresent("attachmentTicket", max: ProtocolLimits.maxAttachmentTicket)
                    .map(AttachmentTicket.init))
        case "typing":
            let body = try envelope.object("body")
            self = .typing(sessionID: try body.identifier("sessionId"), isTyping: try body.bool("isTyping"))
        case "requestScreenShare":
            let body = try envelope.object("body")
            self = .requestScreenShare(
                sessionID: try body.identifier("sessionId"), requestID: try body.identifier("requestId"),
                scope: try body.shareScope("scope"))
        case "requestControl":
            let body = try envelope.object("body")
            self = .requestControl(sessionID: try body.identifier("sessionId"), requestID: try body.identifier("requestId"))
        case "push":
            let body = try envelope.object("body")
            self = .push(
                sessionID: try body.identifier("sessionId"),
                requestID: try body.identifier("requestId"),
                content: try body.pushedContent("content"))
        case "screenShareEnd":
            let body = try envelope.object("body")
            self = .screenShareEnd(sessionID: try body.identifier("sessionId"), requestID: try body.identifier("requestId"))
        case "endSession":
            let body = try envelope.object("body")
            self = .endSession(
                sessionID: try body.identifier("sessionId"), text: try body.textIfPresent("text", max: ProtocolLimits.maxNotice))
        case "error": self = .error(try envelope.decode("body"))
        case "requestKeyframe": self = .requestKeyframe(sessionID: try envelope.object("body").identifier("sessionId"))
        case "input":
            let body = try envelope.object("body")
            self = .input(
                sessionID: try body.identifier("sessionId"), inputID: try body.identifier("inputId"),
                event: try body.inputEvent("event"))
        case "annotate":
            let body = try envelope.object("body")
            self = .annotate(sessionID: try body.identifier("sessionId"), stroke: try body.annotationStroke("stroke"))
        case "clearAnnotations": self = .clearAnnotations(sessionID: try envelope.object("body").identifier("sessionId"))
        case "requestCall":
            let body = try envelope.object("body")
            self = .requestCall(
                sessionID: try body.identifier("sessionId"), requestID: try body.identifier("requestId"),
                media: try body.callMedia("media"))
        case "screenSignal":
            let body = try envelope.object("body")
            self = .screenSignal(
                sessionID: try body.identifier("sessionId"), requestID: try body.identifier("requestId"),
                signal: try body.callSignal("signal"))
        case "callSignal":
            let body = try envelope.object("body")
            self = .callSignal(
                sessionID: try body.identifier("sessionId"), requestID: try body.identifier("requestId"),
                signal: try body.callSignal("signal"))
        case "callMediaState":
            let body = try envelope.object("body")
            self = .callMediaState(
                sessionID: try body.identifier("sessionId"), requestID: try body.identifier("requestId"),
                state: try body.callMediaState())
        case "callEnd":
            let body = try envelope.object("body")
            self = .callEnd(sessionID: try body.identifier("sessionId"), requestID: try body.identifier("requestId"))
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
        case .ack, .acceptNext: break
        case .acceptSession(let sessionID):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
        case .redeemShortCode(let code):
            var body = envelope.object("body")
            try body.identifier(code, "code")
        case .chat(let sessionID, let clientMessageID, let text, let attachment):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(clientMessageID, "clientMessageId")
            try body.text(text, "text", max: ProtocolLimits.maxChatText)
            try body.textIfPresent(attachment?.rawValue, "attachmentTicket", max: ProtocolLimits.maxAttachmentTicket)
        case .typing(let sessionID, let isTyping):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.encode(isTyping, "isTyping")
        case .requestScreenShare(let sessionID, let requestID, let scope):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(requestID, "requestId")
            try body.shareScope(scope, "scope")
        case .requestControl(let sessionID, let requestID), .screenShareEnd(let sessionID, let requestID),
            .callEnd(let sessionID, let requestID):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(requestID, "requestId")
        case .push(let sessionID, let requestID, let content):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(requestID, "requestId")
            try body.pushedContent(content, "content")
        case .endSession(let sessionID, let text):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.textIfPresent(text, "text", max: ProtocolLimits.maxNotice)
        case .error(let report): try envelope.encode(report, "body")
        case .requestKeyframe(let sessionID), .clearAnnotations(let sessionID):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
        case .input(let sessionID, let inputID, let event):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(inputID, "inputId")
            try body.inputEvent(event, "event")
        case .annotate(let sessionID, let stroke):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.annotationStroke(stroke, "stroke")
        case .requestCall(let sessionID, let requestID, let media):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(requestID, "requestId")
            try body.text(media.rawValue, "media", max: ProtocolLimits.maxIdentifier)
        case .callSignal(let sessionID, let requestID, let signal),
            .screenSignal(let sessionID, let requestID, let signal):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(requestID, "requestId")
            try body.callSignal(signal, "signal")
        case .callMediaState(let sessionID, let requestID, let state):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(requestID, "requestId")
            try body.callMediaState(state)
        }
    }
}
