extension ServerToConsumerMessage {
    /// Reads the envelope's `type` and `body`.
    public init(from decoder: any Decoder) throws {
        let envelope = try WireReader(decoder)
        let type: String = try envelope.decode("type")
        switch type {
        case "welcome": self = .welcome(try envelope.decode("body"))
        case "ack": self = .ack
        case "queueUpdate": self = .queueUpdate(try envelope.decode("body"))
        case "agentJoined": self = .agentJoined(try envelope.object("body").agent("agent"))
        case "agentLeft": self = .agentLeft(try envelope.object("body").agent("agent"))
        case "chat": self = .chat(try envelope.decode("body"))
        case "typing":
            let body = try envelope.object("body")
            self = .typing(
                agentID: try body.text("agentId", max: ProtocolLimits.maxIdentifier), isTyping: try body.bool("isTyping"))
        case "screenShareRequest":
            let body = try envelope.object("body")
            self = .screenShareRequest(
                requestID: try body.identifier("requestId"),
                agentID: try body.text("agentId", max: ProtocolLimits.maxIdentifier),
                scope: try body.shareScope("scope"))
        case "controlRequest":
            let body = try envelope.object("body")
            self = .controlRequest(
                requestID: try body.identifier("requestId"),
                agentID: try body.text("agentId", max: ProtocolLimits.maxIdentifier))
        case "screenShareEnd": self = .screenShareEnd(requestID: try envelope.object("body").identifier("requestId"))
        case "push":
            let body = try envelope.object("body")
            self = .push(
                requestID: try body.identifier("requestId"),
                agentID: try body.text("agentId", max: ProtocolLimits.maxIdentifier),
                content: try body.pushedContent("content"))
        case "chatReceipt": self = .chatReceipt(try envelope.decode("body"))
        case "sessionEnded":
            let body = try envelope.object("body")
            self = .sessionEnded(
                reason: SessionEndReason(rawValue: try body.text("reason", max: ProtocolLimits.maxIdentifier)),
                text: try body.textIfPresent("text", max: ProtocolLimits.maxNotice))
        case "error": self = .error(try envelope.decode("body"))
        case "keyframeRequest": self = .keyframeRequest
        case "agentInput":
            let body = try envelope.object("body")
            self = .agentInput(
                inputID: try body.identifier("inputId"),
                agentID: try body.text("agentId", max: ProtocolLimits.maxIdentifier),
                event: try body.inputEvent("event"))
        case "annotate":
            let body = try envelope.object("body")
            self = .annotate(
                agentID: try body.text("agentId", max: ProtocolLimits.maxIdentifier),
                stroke: try body.annotationStroke("stroke"))
        case "clearAnnotations":
            self = .clearAnnotations(
                agentID: try envelope.object("body").text("agentId", max: ProtocolLimits.maxIdentifier))
        case "callRequest":
            let body = try envelope.object("body")
            self = .callRequest(
                requestID: try body.identifier("requestId"),
                agentID: try body.text("agentId", max: ProtocolLimits.maxIdentifier),
                media: try body.callMedia("media"))
        case "screenSignal":
            let body = try envelope.object("body")
            self = .screenSignal(requestID: try body.identifier("requestId"), signal: try body.callSignal("signal"))
        case "callSignal":
            let body = try envelope.object("body")
            self = .callSignal(requestID: try body.identifier("requestId"), signal: try body.callSignal("signal"))
        case "callMediaState":
            let body = try envelope.object("body")
            self = .callMediaState(requestID: try body.identifier("requestId"), state: try body.callMediaState())
        case "callEnd":
            let body = try envelope.object("body")
            self = .callEnd(requestID: try body.identifier("requestId"), reason: try body.callEndReason("reason"))
        default: throw UnknownMessageType(type: type)
        }
    }

    /// Writes the envelope's `type` and `body`.
    public func encode(to encoder: any Encoder) throws {
        var envelope = WireWriter(encoder)
        try envelope.encode(messageType, "type")
        switch self {
        case .welcome(let welcome): try envelope.encode(welcome, "body")
        case .ack: break
        case .queueUpdate(let update): try envelope.encode(update, "body")
        case .agentJoined(let agent), .agentLeft(let agent):
            var body = envelope.object("body")
            try body.agent(agent, "agent")
        case .chat(let message): try envelope.encode(message, "body")
        case .typing(let agentID, let isTyping):
            var body = envelope.object("body")
            try body.text(agentID, "agentId", max: ProtocolLimits.maxIdentifier)
            try body.encode(isTyping, "isTyping")
        case .screenShareRequest(let requestID, let agentID, let scope):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
            try body.text(agentID, "agentId", max: ProtocolLimits.maxIdentifier)
            try body.shareScope(scope, "scope")
        case .controlRequest(let requestID, let agentID):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
            try body.text(agentID, "agentId", max: ProtocolLimits.maxIdentifier)
        case .screenShareEnd(let requestID):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
        case .push(let requestID, let agentID, let content):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
            try body.text(agentID, "agentId", max: ProtocolLimits.maxIdentifier)
            try body.pushedContent(content, "content")
        case .chatReceipt(let receipt): try envelope.encode(receipt, "body")
        case .sessionEnded(let reason, let text):
            var body = envelope.object("body")
            try body.text(reason.rawValue, "reason", max: ProtocolLimits.maxIdentifier)
            try body.textIfPresent(text, "text", max: ProtocolLimits.maxNotice)
        case .error(let report): try envelope.encode(report, "body")
        case .keyframeRequest: break
        case .agentInput(let inputID, let agentID, let event):
            var body = envelope.object("body")
            try body.identifier(inputID, "inputId")
            try body.text(agentID, "agentId", max: ProtocolLimits.maxIdentifier)
            try body.inputEvent(event, "event")
        case .annotate(let agentID, let stroke):
            var body = envelope.object("body")
            try body.text(agentID, "agentId", max: ProtocolLimits.maxIdentifier)
            try body.annotationStroke(stroke, "stroke")
        case .clearAnnotations(let agentID):
            var body = envelope.object("body")
            try body.text(agentID, "agentId", max: ProtocolLimits.maxIdentifier)
        case .callRequest(let requestID, let agentID, let media):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
            try body.text(agentID, "agentId", max: ProtocolLimits.maxIdentifier)
            try body.text(media.rawValue, "media", max: ProtocolLimits.maxIdentifier)
        case .callSignal(let requestID, let signal), .screenSignal(let requestID, let signal):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
            try body.callSignal(signal, "signal")
        case .callMediaState(let requestID, let state):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
            try body.callMediaState(state)
        case .callEnd(let requestID, let reason):
            var body = envelope.object("body")
            try body.identifier(requestID, "requestId")
            try body.text(reason.rawValue, "reason", max: ProtocolLimits.maxIdentifier)
        }
    }
}
