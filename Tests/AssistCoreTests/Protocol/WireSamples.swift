import AssistCore
import Foundation

/// One message of every type in every direction, with non-trivial values.
enum WireSamples {
    static let sentAt = Date(timeIntervalSince1970: 1_714_000_000.123)
    static let agent = Agent(id: "agent-7", name: "Sam from Support")
    static let restrictedAgent = Agent(
        id: "agent-8", name: "Kim", permissions: AgentPermissions(viewable: ["default", "billing"], interactive: ["default"]))
    static let preChat = [
        PrechatAnswer(label: "Name", value: "Ann Lee"),
        PrechatAnswer(label: "Account", value: ""),
        PrechatAnswer(label: "Question", value: "Why was I charged twice? 💳"),
    ]
    static let entityMapping: JSONValue = .object([
        "contact": .object(["name": .string("Name"), "tags": .array([.string("vip"), .number(3.5), .bool(true), .null])])
    ])
    static let report = ErrorReport(code: .unknownType, message: "Unknown message type \"x\".", refType: "x", refSeq: 4)

    static let consumer: [ConsumerMessage] = [
        .hello(
            ConsumerHello(
                versions: [1], destination: "billing", visitorName: "Ann Lee", preChat: preChat,
                entityMapping: entityMapping, correlationID: "crm-42", sessionToken: "tok.en",
                auditName: "Ann Lee / desk 4", uui: "caller=Ann; ref=ü")),
        .resume(ResumeRequest(resumeToken: "r-secret", lastReceivedSeq: 12)),
        .resume(
            ResumeRequest(
                resumeToken: "r-secret", lastReceivedSeq: 12, shareScopes: [.window, .screen], screenControl: true,
                screenVideo: true)),
        .ack,
        .chat(clientMessageID: "c-1", text: "Hello, I need help ✋"),
        .chat(clientMessageID: "c-2", text: "screen.png", attachment: AttachmentTicket(rawValue: "c2VhbGVk")),
        .typing(isTyping: true),
        .screenShareAnswer(requestID: "q-1", accepted: true),
        .controlAnswer(requestID: "q-2", accepted: false),
        .pushAnswer(requestID: "q-3", accepted: true),
        .screenShareEnd(requestID: "q-1"),
        .leaveQueue,
        .endSession,
        .error(report),
        .inputResult(inputID: "i-1", outcome: .notInteractive),
        .controlEnd(requestID: "q-2"),
        .annotationsCleared(ids: ["st-1", "st-2"], reason: .contentChanged),
        .callAnswer(requestID: "call-1", accepted: true),
        .askForCall(media: .video),
        .callSignal(requestID: "call-1", signal: .answer(negotiation: 2, sdp: "v=0\r\no=- 1 2 IN IP4 0.0.0.0\r\n")),
        .callSignal(requestID: "call-1", signal: .candidate(negotiation: 2, sdpMLineIndex: 15, candidate: "")),
        .callSignal(requestID: "call-1", signal: .restart),
        .screenSignal(requestID: "q-1", signal: .answer(negotiation: 1, sdp: "v=0\r\n")),
        .callMediaState(requestID: "call-1", state: CallMediaState(microphone: false, camera: true)),
        .callEnd(requestID: "call-1"),
    ]

    /// A STUN server and a TURN server with credentials.
    static let iceServers = [
        IceServer(urls: ["stun:stun.example.com:3478"]),
        IceServer(
            urls: ["turn:turn.example.com:3478?transport=udp", "turns:turn.example.com:5349"], username: "ann",
            credential: "s3cret:@"),
    ]

    /// A stroke through three points, with the largest coordinate allowed.
    static let stroke = AnnotationStroke(
        id: "st-1", color: RGBAColor8(red: 0xE0, green: 0x1B, blue: 0x24), width: 4,
        points: [.init(x: 0, y: 8_192), .init(x: 40, y: 41), .init(x: 800, y: 0)])

    static let serverToConsumer: [ServerToConsumerMessage] = [
        .welcome(ConsumerWelcome(sessionID: "s-1", resumeToken: "r-1", gracePeriodSeconds: 120, lastReceivedSeq: 3)),
        .welcome(
            ConsumerWelcome(
                sessionID: "s-1", resumeToken: "r-1", gracePeriodSeconds: 120, lastReceivedSeq: 0, iceServers: iceServers)),
        .ack,
        .queueUpdate(QueueUpdate(waitingRank: 11, totalCapacity: 10, estimatedWaitSeconds: 90)),
        .agentJoined(restrictedAgent),
        .agentLeft(agent),
        .chat(ChatMessage(id: "m-1", author: .agent(id: "agent-7"), text: "How can I help?", sentAt: sentAt)),
        .chat(
            ChatMessage(
                id: "m-5", author: .agent(id: "agent-7"), text: "steps.pdf", sentAt: sentAt,
                attachment: AttachmentInfo(id: "f-1", name: "steps.pdf", size: 48_213, mediaType: "application/pdf"))),
        .typing(agentID: "agent-7", isTyping: false),
        .screenShareRequest(requestID: "q-1", agentID: "agent-7"),
        .controlRequest(requestID: "q-2", agentID: "agent-7"),
        .screenShareEnd(requestID: "q-1"),
        .push(
            requestID: "q-3", agentID: "agent-7",
            content: .document(URL(string: "https://example.com/guide.pdf")!, mimeType: "application/pdf")),
        .chatReceipt(ChatReceipt(clientMessageID: "c-1", messageID: "m-2", status: .stored)),
        .chatReceipt(
            ChatReceipt(
                clientMessageID: "c-2", messageID: "m-5", status: .delivered,
                masked: MaskedText(text: "card •••• 1111, ref ••••", kinds: [.cardNumber, .pattern("order ref")]))),
        .sessionEnded(reason: .agentEnded, text: "Thanks for contacting us."),
        .error(report),
        .keyframeRequest,
        .agentInput(inputID: "i-1", agentID: "agent-7", event: .click(x: 120, y: 48)),
        .agentInput(inputID: "i-2", agentID: "agent-7", event: .text("order 42 ✓")),
        .annotate(agentID: "agent-7", stroke: stroke),
        .clearAnnotations(agentID: "agent-7"),
        .callRequest(requestID: "call-1", agentID: "agent-7", media: .audio),
        .callSignal(requestID: "call-1", signal: .offer(negotiation: 1, sdp: "v=0\r\n")),
        .screenSignal(requestID: "q-1", signal: .offer(negotiation: 2, sdp: "v=0\r\n")),
        .callMediaState(requestID: "call-1", state: CallMediaState(microphone: true, camera: false)),
        .callEnd(requestID: "call-1", reason: .unanswered),
        .callEnd(requestID: "call-1", reason: CallEndReason(rawValue: "someFutureReason")),
    ]

    static let agentToServer: [AgentMessage] = [
        .hello(AgentHello(token: "agent-token")),
        .resume(ResumeRequest(resumeToken: "r-2", lastReceivedSeq: 0)),
        .ack,
        .acceptNext,
        .acceptSession("s-1"),
        .redeemShortCode("4F7K2Q"),
        .chat(sessionID: "s-1", clientMessageID: "ac-1", text: "Let me look."),
        .chat(sessionID: "s-1", clientMessageID: "ac-2", text: "steps.pdf", attachment: AttachmentTicket(rawValue: "dGlja2V0")),
        .typing(sessionID: "s-1", isTyping: true),
        .requestScreenShare(sessionID: "s-1", requestID: "q-1"),
        .requestControl(sessionID: "s-1", requestID: "q-2"),
        .push(sessionID: "s-1", requestID: "q-3", content: .url(URL(string: "https://example.com/help?a=1&b=2")!)),
        .screenShareEnd(sessionID: "s-1", requestID: "q-1"),
        .endSession(sessionID: "s-1", text: nil),
        .error(report),
        .requestKeyframe(sessionID: "s-1"),
        .input(sessionID: "s-1", inputID: "i-1", event: .click(x: 0, y: 599)),
        .annotate(sessionID: "s-1", stroke: stroke),
        .clearAnnotations(sessionID: "s-1"),
        .requestCall(sessionID: "s-1", requestID: "call-1", media: .video),
        .callSignal(sessionID: "s-1", requestID: "call-1", signal: .offer(negotiation: 3, sdp: "v=0\r\n")),
        .screenSignal(
            sessionID: "s-1", requestID: "q-1",
            signal: .candidate(negotiation: 1, sdpMLineIndex: 0, candidate: "candidate:1 1 UDP 2122 192.0.2.1 5000 typ host")),
        .callSignal(
            sessionID: "s-1", requestID: "call-1",
            signal: .candidate(negotiation: 3, sdpMLineIndex: 0, candidate: "candidate:1 1 UDP 2122 192.0.2.1 5000 typ host")),
        .callMediaState(sessionID: "s-1", requestID: "call-1", state: CallMediaState(microphone: false, camera: false)),
        .callEnd(sessionID: "s-1", requestID: "call-1"),
    ]

    static let serverToAgent: [ServerToAgentMessage] = [
        .welcome(AgentWelcome(agent: agent, resumeToken: "r-3", gracePeriodSeconds: 60)),
        .welcome(AgentWelcome(agent: agent, resumeToken: "r-3", gracePeriodSeconds: 60, iceServers: [])),
        .ack,
        .queueSnapshot(
            QueueSnapshot(
                entries: [
                    QueueEntry(
                        sessionID: "s-1", visitorName: "Ann Lee", destination: "billing", waitingRank: 1, position: 0,
                        waitingSeconds: 42, preChat: preChat),
                    QueueEntry(
                        sessionID: "s-2", visitorName: nil, destination: "billing", waitingRank: 2, position: 1,
                        waitingSeconds: 5, preChat: []),
                ], totalWaiting: 7)),
        .sessionAssigned(
            SessionAssignment(
                sessionID: "s-1", visitorName: "Ann Lee", destination: "billing", preChat: preChat,
                entityMapping: entityMapping, correlationID: "crm-42")),
        .sessionAssigned(
            SessionAssignment(
                sessionID: "s-2", destination: "billing", shareScopes: [.window, .screen], screenControl: true,
                screenVideo: true)),
        .chat(sessionID: "s-1", message: ChatMessage(id: "m-3", author: .consumer, text: "Thanks", sentAt: sentAt)),
        .chat(
            sessionID: "s-1",
            message: ChatMessage(
                id: "m-6", author: .consumer, text: "screen.png", sentAt: sentAt,
                attachment: AttachmentInfo(id: "f-2", name: "screen.png", size: 700_000, mediaType: "image/png", downloadKey: "k3y-_A"))),
        .typing(sessionID: "s-1", isTyping: false),
        .chatReceipt(sessionID: "s-1", receipt: ChatReceipt(clientMessageID: "ac-1", messageID: "m-4", status: .delivered)),
        .chatReceipt(
            sessionID: "s-1",
            receipt: ChatReceipt(
                clientMessageID: "ac-2", messageID: "m-6", status: .delivered,
                masked: MaskedText(text: "IBAN •••• •••• ••", kinds: [.iban, .socialSecurityNumber]))),
        .consumerAnswered(sessionID: "s-1", requestID: "q-1", kind: .screenShare, accepted: true),
        .screenShareEnd(sessionID: "s-1", requestID: "q-1"),
        .sessionEnded(sessionID: "s-1", reason: SessionEndReason(rawValue: "someFutureReason"), text: nil),
        .error(report),
        .inputResult(sessionID: "s-1", inputID: "i-1", outcome: .masked),
        .controlEnd(sessionID: "s-1", requestID: "q-2"),
        .annotationsCleared(sessionID: "s-1", ids: ["st-1"], reason: .person),
        .consumerAnswered(sessionID: "s-1", requestID: "call-1", kind: .call, accepted: false),
        .callAsked(sessionID: "s-1", media: .audio),
        .callSignal(sessionID: "s-1", requestID: "call-1", signal: .answer(negotiation: 3, sdp: "v=0\r\n")),
        .screenSignal(sessionID: "s-1", requestID: "q-1", signal: .restart),
        .callMediaState(sessionID: "s-1", requestID: "call-1", state: CallMediaState(microphone: true, camera: true)),
        .callEnd(sessionID: "s-1", requestID: "call-1", reason: .consumerEnded),
    ]

    /// Wraps `message` as a sender would: sequenced messages get `seq`.
    static func envelope<Message: WireMessage>(_ message: Message, seq: Int = 5, ack: Int? = 2) -> Envelope<Message> {
        Envelope(message, seq: message.isSequenced ? seq : nil, ack: ack)
    }
}
