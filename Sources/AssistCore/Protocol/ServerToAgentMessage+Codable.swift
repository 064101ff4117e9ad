extension ServerToAgentMessage {
    /// Reads the envelope's `type` and `body`.
    public init(from decoder: any Decoder) throws {
        let envelope = try WireReader(decoder)
        let type: String = try envelope.decode("type")
        switch type {
        case "welcome": self = .welcome(try envelope.decode("body"))
        case "ack": self = .ack
        case "queueSnapshot": self = .queueSnapshot(try envelope.decode("body"))
        case "sessionAssigned": self = .sessionAssigned(try envelope.decode("body"))
        case "chat":
            let body = try envelope.object("body")
            self = .chat(sessionID: try body.identifier("sessionId"), message: try body.decode("message"))
        case "typing":
            let body = try envelope.object("body")
            self = .typing(sessionID: try body.identifier("sessionId"), isTyping: try body.bool("isTyping"))
        case "chatReceipt":
            let body = try envelope.object("body")
            self = .chatReceipt(sessionID: try body.identifier("sessionId"), receipt: try body.decode("receipt"))
        case "consumerAnswered":
            let body = try envelope.object("body")
            self = .consumerAnswered(
                sessionID: try body.identifier("sessionId"),
                requestID: try body.identifier("requestId"),
                kind: try body.decode("kind"),
                accepted: try body.bool("accepted"),
                shared: try body.sharedSourceIfPresent("shared"))
        case "screenShareEnd":
            let body = try envelope.object("body")
            self = .screenShareEnd(sessionID: try body.identifier("sessionId"), requestID: try body.identifier("requestId"))
        case "sessionEnded":
            let body = try envelope.object("body")
            self = .sessionEnded(
                sessionID: try body.identifier("sessionId"),
                reason: SessionEndReason(rawValue: try body.text("reason", max: ProtocolLimits.maxIdentifier)),
                text: try body.textIfPresent("text", max: ProtocolLimits.maxNotice))
        case "error": self = .error(try envelope.decode("body"))
        case "inputResult":
            let body = try envelope.object("body")
            self = .inputResult(
                sessionID: try body.identifier("sessionId"), inputID: try body.identifier("inputId"),
                outcome: try body.inputOutcome("outcome"))
        case "controlEnd":
            let body = try envelope.object("body")
            self = .controlEnd(sessionID: try body.identifier("sessionId"), requestID: try body.identifier("requestId"))
        case "annotationsCleared":
            let body = try envelope.object("body")
            self = .annotationsCleared(
                sessionID: try body.identifier("sessionId"), ids: try body.annotationIDs("ids"),
                reason: try body.annotationClearReason("reason"))
        case "callAsked":
            let body = try envelope.object("body")
            self = .callAsked(sessionID: try body.identifier("sessionId"), media: try body.callMedia("media"))
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
            self = .callEnd(
                sessionID: try body.identifier("sessionId"), requestID: try body.identifier("requestId"),
                reason: try body.callEndReason("reason"))
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
        case .queueSnapshot(let snapshot): try envelope.encode(snapshot, "body")
        case .sessionAssigned(let assignment): try envelope.encode(assignment, "body")
        case .chat(let sessionID, let message):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.encode(message, "message")
        case .typing(let sessionID, let isTyping):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.encode(isTyping, "isTyping")
        case .chatReceipt(let sessionID, let receipt):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.encode(receipt, "receipt")
        case .consumerAnswered(let sessionID, let requestID, let kind, let accepted, let shared):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(requestID, "requestId")
            try body.encode(kind, "kind")
            try body.encode(accepted, "accepted")
            try body.textIfPresent(shared?.rawValue, "shared", max: ProtocolLimits.maxIdentifier)
        case .screenShareEnd(let sessionID, let requestID):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(requestID, "requestId")
        case .sessionEnded(let sessionID, let reason, let text):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.text(reason.rawValue, "reason", max: ProtocolLimits.maxIdentifier)
            try body.textIfPresent(text, "text", max: ProtocolLimits.maxNotice)
        case .error(let report): try envelope.encode(report, "body")
        case .inputResult(let sessionID, let inputID, let outcome):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(inputID, "inputId")
            try body.text(outcome.rawValue, "outcome", max: ProtocolLimits.maxIdentifier)
        case .controlEnd(let sessionID, let requestID):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(requestID, "requestId")
        case .annotationsCleared(let sessionID, let ids, let reason):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.annotationIDs(ids, "ids")
            try body.text(reason.rawValue, "reason", max: ProtocolLimits.maxIdentifier)
        case .callAsked(let sessionID, let media):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
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
        case .callEnd(let sessionID, let requestID, let reason):
            var body = envelope.object("body")
            try body.identifier(sessionID, "sessionId")
            try body.identifier(requestID, "requestId")
            try body.text(reason.rawValue, "reason", max: ProtocolLimits.maxIdentifier)
        }
    }
}
