import AssistCore
import Foundation
import Testing

/// A frame the codec must reject, and what the receiver must then do.
struct BadFrame: Sendable, CustomTestStringConvertible {
    /// What is wrong with the frame, as the test list shows it.
    let testDescription: String
    let frame: InboundFrame
    /// The name of the expected ``ProtocolError/Kind`` case.
    let kind: String
    /// The expected member path, for kinds that name one.
    let field: String?
    let disposition: ProtocolDisposition.Expected

    init(_ description: String, _ text: String, kind: String, field: String? = nil, _ disposition: ProtocolDisposition.Expected) {
        self.init(description, .text(Data(text.utf8)), kind: kind, field: field, disposition)
    }

    init(
        _ description: String, _ frame: InboundFrame, kind: String, field: String? = nil,
        _ disposition: ProtocolDisposition.Expected
    ) {
        testDescription = description
        self.frame = frame
        self.kind = kind
        self.field = field
        self.disposition = disposition
    }
}

extension ProtocolDisposition {
    /// A disposition without the free-text close reason.
    enum Expected: Sendable, Equatable {
        case errorFrame(ErrorCode)
        case close(CloseCode)
    }

    var expected: Expected {
        switch self {
        case .errorFrame(let code): .errorFrame(code)
        case .close(let code, _): .close(code)
        }
    }
}

extension ProtocolError.Kind {
    /// The case name, e.g. `invalidValue`.
    var name: String {
        String(String(describing: self).prefix { $0 != "(" })
    }

    /// The member path the kind names, if any.
    var field: String? {
        switch self {
        case .invalidEnvelope(let field, _), .invalidMessage(let field, _), .invalidValue(let field, _): field
        default: nil
        }
    }
}

@Suite("Bad frames become typed errors with a documented outcome")
struct ProtocolCodecBadInputTests {
    static let longChat = String(repeating: "a", count: ProtocolLimits.maxChatText + 1)
    static let manyFields = Array(repeating: #"{"label":"L","value":"V"}"#, count: ProtocolLimits.maxPrechatAnswers + 1)
        .joined(separator: ",")

    static let cases: [BadFrame] = [
        BadFrame(
            "a text frame over 64 KiB", String(repeating: " ", count: 70_000), kind: "frameTooLarge", .close(.messageTooBig)),
        BadFrame("a binary frame", .binary(Data([1, 2, 3])), kind: "unexpectedBinaryFrame", .close(.unsupportedData)),
        BadFrame(
            "bytes that are not UTF-8", .text(Data([0x7B, 0xFF, 0xFE, 0x7D])), kind: "invalidUTF8",
            .close(.invalidPayload)),
        BadFrame("truncated JSON", #"{"v":1,"type":"ack""#, kind: "malformedJSON", .close(.invalidPayload)),
        BadFrame("a JSON array", "[1,2,3]", kind: "notAnObject", .close(.invalidPayload)),
        BadFrame("a JSON string", #""hello""#, kind: "notAnObject", .close(.invalidPayload)),
        BadFrame("JSON null", "null", kind: "notAnObject", .close(.invalidPayload)),
        BadFrame("no version", #"{"type":"ack"}"#, kind: "invalidEnvelope", field: "v", .close(.invalidPayload)),
        BadFrame(
            "a version that is a string", #"{"v":"1","type":"ack"}"#, kind: "invalidEnvelope", field: "v",
            .close(.invalidPayload)),
        BadFrame(
            "an unsupported version", #"{"v":4,"type":"ack"}"#, kind: "unsupportedVersion", .close(.unsupportedVersion)),
        BadFrame("no type", #"{"v":1}"#, kind: "invalidEnvelope", field: "type", .close(.invalidPayload)),
        BadFrame(
            "an unknown type", #"{"v":1,"type":"teleport","seq":4,"body":{}}"#, kind: "unknownType",
            .errorFrame(.unknownType)),
        BadFrame(
            "a negative seq", #"{"v":1,"type":"leaveQueue","seq":-3}"#, kind: "invalidEnvelope", field: "seq",
            .close(.invalidPayload)),
        BadFrame(
            "a fractional seq", #"{"v":1,"type":"leaveQueue","seq":1.5}"#, kind: "invalidEnvelope", field: "seq",
            .close(.invalidPayload)),
        BadFrame(
            "a negative ack", #"{"v":1,"type":"ack","ack":-1}"#, kind: "invalidEnvelope", field: "ack",
            .close(.invalidPayload)),
        BadFrame(
            "a sequenced type without seq", #"{"v":1,"type":"endSession"}"#, kind: "invalidEnvelope", field: "seq",
            .close(.invalidPayload)),
        BadFrame(
            "an unsequenced type with seq", #"{"v":1,"type":"typing","seq":2,"body":{"isTyping":true}}"#,
            kind: "invalidEnvelope", field: "seq", .close(.invalidPayload)),
        BadFrame(
            "a chat without body", #"{"v":1,"type":"chat","seq":1}"#, kind: "invalidMessage", field: "body",
            .errorFrame(.invalidMessage)),
        BadFrame(
            "a chat without text", #"{"v":1,"type":"chat","seq":1,"body":{"clientMessageId":"c"}}"#,
            kind: "invalidMessage", field: "body.text", .errorFrame(.invalidMessage)),
        BadFrame(
            "a chat text that is a number", #"{"v":1,"type":"chat","seq":1,"body":{"clientMessageId":"c","text":5}}"#,
            kind: "invalidMessage", field: "body.text", .errorFrame(.invalidMessage)),
        BadFrame(
            "a required member that is null", #"{"v":1,"type":"typing","body":{"isTyping":null}}"#,
            kind: "invalidMessage", field: "body.isTyping", .errorFrame(.invalidMessage)),
        BadFrame(
            "an empty client message id", #"{"v":1,"type":"chat","seq":1,"body":{"clientMessageId":"","text":"hi"}}"#,
            kind: "invalidValue", field: "body.clientMessageId", .errorFrame(.invalidValue)),
        BadFrame(
            "a chat text over 8,000 characters",
            #"{"v":1,"type":"chat","seq":1,"body":{"clientMessageId":"c","text":"\#(longChat)"}}"#,
            kind: "invalidValue", field: "body.text", .errorFrame(.invalidValue)),
        BadFrame(
            "a uui that is not hex", #"{"v":1,"type":"hello","body":{"versions":[1],"destination":"d","uui":"xyz1"}}"#,
            kind: "invalidValue", field: "body.uui", .errorFrame(.invalidValue)),
        BadFrame(
            "an audit name with a broken escape",
            #"{"v":1,"type":"hello","body":{"versions":[1],"destination":"d","auditName":"Ann%2"}}"#,
            kind: "invalidValue", field: "body.auditName", .errorFrame(.invalidValue)),
        BadFrame(
            "an empty version list", #"{"v":1,"type":"hello","body":{"versions":[],"destination":"d"}}"#,
            kind: "invalidValue", field: "body.versions", .errorFrame(.invalidValue)),
        BadFrame(
            "more than 50 pre-chat fields",
            #"{"v":1,"type":"hello","body":{"versions":[1],"destination":"d","preChat":[\#(manyFields)]}}"#,
            kind: "invalidValue", field: "body.preChat", .errorFrame(.invalidValue)),
        BadFrame(
            "a pre-chat field without label",
            #"{"v":1,"type":"hello","body":{"versions":[1],"destination":"d","preChat":[{"label":"a","value":""},{"value":"x"}]}}"#,
            kind: "invalidMessage", field: "body.preChat[1].label", .errorFrame(.invalidMessage)),
        BadFrame(
            "a hello with neither destination nor session token", #"{"v":1,"type":"hello","body":{"versions":[1]}}"#,
            kind: "invalidMessage", field: "body.destination", .errorFrame(.invalidMessage)),
        BadFrame(
            "a chat text holding a NUL", #"{"v":1,"type":"chat","seq":1,"body":{"clientMessageId":"c","text":"a\u0000b"}}"#,
            kind: "invalidValue", field: "body.text", .errorFrame(.invalidValue)),
        BadFrame(
            "a visitor name holding a NUL",
            #"{"v":1,"type":"hello","body":{"versions":[1],"destination":"d","visitorName":"\u0000"}}"#,
            kind: "invalidValue", field: "body.visitorName", .errorFrame(.invalidValue)),
        BadFrame(
            "a negative resume point", #"{"v":1,"type":"resume","body":{"resumeToken":"r","lastReceivedSeq":-1}}"#,
            kind: "invalidValue", field: "body.lastReceivedSeq", .errorFrame(.invalidValue)),
    ]

    @Test("A bad frame from a consumer is rejected with the documented outcome", arguments: cases)
    func badFrame(_ bad: BadFrame) {
        do {
            let envelope = try ProtocolCodec.decode(bad.frame, as: ConsumerMessage.self)
            Issue.record("decoded \(envelope)")
        } catch {
            #expect(error.kind.name == bad.kind)
            #expect(error.kind.field == bad.field)
            #expect(error.disposition.expected == bad.disposition)
        }
    }

    private func rejection<Message: WireMessage>(_ text: String, as type: Message.Type) throws -> ProtocolError {
        try #require(throws: ProtocolError.self) { try ProtocolCodec.decode(text: text, as: type) }
    }

    private func refusal<Message: WireMessage>(_ envelope: Envelope<Message>) throws -> ProtocolError {
        try #require(throws: ProtocolError.self) { try ProtocolCodec.encode(envelope) }
    }

    @Test("A pushed URL must be http or https")
    func pushedURLScheme() throws {
        let text = #"""
            {"v":1,"type":"push","seq":1,"body":{"requestId":"q","agentId":"a","content":{"kind":"url","url":"javascript:alert(1)"}}}
            """#
        let error = try rejection(text, as: ServerToConsumerMessage.self)
        #expect(error.kind.field == "body.content.url")
        #expect(error.disposition == .errorFrame(code: .invalidValue))
    }

    @Test("A receipt status outside the list is an invalid value")
    func unknownReceiptStatus() throws {
        let text = #"{"v":1,"type":"chatReceipt","seq":1,"body":{"clientMessageId":"c","messageId":"m","status":"read"}}"#
        let error = try rejection(text, as: ServerToConsumerMessage.self)
        #expect(error.kind.field == "body.status")
        #expect(error.disposition == .errorFrame(code: .invalidValue))
    }

    @Test("A recoverable error names the frame, so the error frame can refer to it")
    func errorReportRefersToFrame() throws {
        let error = try rejection(#"{"v":1,"type":"teleport","seq":4,"ack":2}"#, as: ConsumerMessage.self)
        #expect(error.frame == FrameHeader(type: "teleport", seq: 4, ack: 2))
        let report = error.report
        #expect(report.code == .unknownType)
        #expect(report.refType == "teleport")
        #expect(report.refSeq == 4)
        #expect(report.message == #"Unknown message type "teleport"."#)
    }

    @Test("The encoder refuses a chat text over the limit")
    func encoderRefusesLongChat() throws {
        let error = try refusal(Envelope(ConsumerMessage.chat(clientMessageID: "c", text: Self.longChat), seq: 1))
        #expect(error.kind.field == "body.text")
    }

    @Test("The encoder refuses a frame over 64 KiB")
    func encoderRefusesLargeFrame() throws {
        let preChat = (0..<ProtocolLimits.maxPrechatAnswers).map { _ in
            PrechatAnswer(label: "L", value: String(repeating: "é", count: ProtocolLimits.maxPreChatValue))
        }
        let error = try refusal(Envelope(ConsumerMessage.hello(ConsumerHello(destination: "d", preChat: preChat))))
        #expect(error.kind.name == "frameTooLarge")
    }

    @Test("A hello that escalates with a session token needs no destination")
    func escalationHelloWithoutDestination() throws {
        let hello = ConsumerHello(destination: nil, correlationID: "cid-1", sessionToken: "token-1")
        let text = try ProtocolCodec.encode(Envelope(ConsumerMessage.hello(hello)))
        let decoded = try ProtocolCodec.decode(text: text, as: ConsumerMessage.self)
        #expect(decoded.message == .hello(hello))
    }

    @Test("The encoder refuses a hello with neither destination nor session token")
    func encoderRequiresARoute() throws {
        let error = try refusal(Envelope(ConsumerMessage.hello(ConsumerHello(destination: nil))))
        #expect(error.kind.field == "body.destination")
    }

    @Test("The encoder refuses a sequenced message without seq")
    func encoderRequiresSeq() throws {
        let error = try refusal(Envelope(ConsumerMessage.endSession))
        #expect(error.kind.field == "seq")
    }

    @Test("Exactly 8,000 characters of chat are accepted")
    func chatAtTheLimit() throws {
        let text = String(repeating: "ü", count: ProtocolLimits.maxChatText)
        let envelope = Envelope(ConsumerMessage.chat(clientMessageID: "c", text: text), seq: 1)
        #expect(try ProtocolCodec.decode(text: ProtocolCodec.encode(envelope), as: ConsumerMessage.self) == envelope)
    }

    @Test("Close reasons fit in a WebSocket close frame")
    func closeReasonsAreShort() {
        let kinds: [ProtocolError.Kind] = [
            .frameTooLarge(byteCount: 1), .unexpectedBinaryFrame, .invalidUTF8, .malformedJSON, .notAnObject,
            .invalidEnvelope(field: "v", problem: "x"), .unsupportedVersion(9), .sequenceGap(expected: 1, received: 3),
            .invalidAcknowledgement(ack: 9, lastSent: 1), .replayUnavailable(after: 0, firstRetained: 2),
            .replayBeyondSent(after: 5, lastSent: 2), .binaryFrameTooLarge(byteCount: 5_000_000),
            .sendBufferFull(capacity: 1),
        ]
        for kind in kinds {
            guard case .close(_, let reason) = ProtocolError(kind).disposition else {
                Issue.record("\(kind) does not close")
                continue
            }
            #expect(reason.utf8.count <= 123)
        }
    }
}
