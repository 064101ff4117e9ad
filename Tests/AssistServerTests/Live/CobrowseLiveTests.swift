import AssistCore
import Testing

@Suite("Live server: co-browse frames (protocol version 2)")
struct CobrowseLiveTests {
    /// A consumer and Sam, Sam joined, and the consumer sharing its window.
    private static func sharing(
        _ url: String, agentVersions: [Int] = ProtocolVersion.supported
    ) async throws -> (ConsumerPeer, AgentPeer, SessionID) {
        let (consumer, welcome) = try await TestServer.consumer(url)
        let sam = try await TestServer.agent(url, versions: agentVersions)
        try await sam.send(.acceptNext)
        _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
        try await sam.send(.requestScreenShare(sessionID: welcome.sessionID, requestID: "share-1"))
        _ = try await consumer.expect("request") { if case .screenShareRequest(let id, _, _) = $0 { id } else { nil } }
        try await consumer.send(.screenShareAnswer(requestID: "share-1", accepted: true))
        _ = try await sam.expect("answer") { if case .consumerAnswered(_, _, _, let accepted, _) = $0 { accepted } else { nil } }
        return (consumer, sam, welcome.sessionID)
    }

    private static func error(_ peer: ConsumerPeer) async throws -> ErrorReport {
        try await peer.expect("error") { if case .error(let report) = $0 { report } else { nil } }
    }

    @Test("frames flow only while a share is accepted, relayed unchanged inside ACR2 with the session id")
    func framesFlowDuringShare() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            await consumer.sendBinary(TestFrames.appFrame(1, keyframe: true))
            let early = try await Self.error(consumer)
            #expect(early.code == .notAllowed)
            #expect(early.refType == "cobrowseFrame")

            try await sam.send(.requestScreenShare(sessionID: welcome.sessionID, requestID: "share-1"))
            _ = try await consumer.expect("request") { if case .screenShareRequest(let id, _, _) = $0 { id } else { nil } }
            try await consumer.send(.screenShareAnswer(requestID: "share-1", accepted: true))
            let keyframe = TestFrames.appFrame(1, keyframe: true)
            await consumer.sendBinary(keyframe)
            let relayed = try CobrowseFrameCodec.decodeRelayed(try await sam.nextBinary("the keyframe"))
            #expect(relayed.0 == welcome.sessionID)
            #expect(relayed.1 == (try CobrowseFrameCodec.decode(keyframe)))
            let delta = TestFrames.appFrame(2, keyframe: false)
            await consumer.sendBinary(delta)
            #expect(try await sam.nextBinary("the delta") == CobrowseFrameCodec.relay(delta, session: welcome.sessionID))

            try await consumer.send(.screenShareEnd(requestID: "share-1"))
            _ = try await sam.expect("share ended") { if case .screenShareEnd(_, let id) = $0 { id } else { nil } }
            await consumer.sendBinary(TestFrames.appFrame(3, keyframe: true))
            #expect(try await Self.error(consumer).code == .notAllowed)
        }
    }

    @Test("frames before the agent's first keyframe are dropped, and the app is asked for a keyframe once")
    func deltaBeforeKeyframe() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, sam, session) = try await Self.sharing(url)
            await consumer.sendBinary(TestFrames.appFrame(1, keyframe: false))
            await consumer.sendBinary(TestFrames.appFrame(2, keyframe: false))
            try await consumer.send(.chat(clientMessageID: "c-1", text: "after two deltas"))
            var requests = 0
            while try await consumer.expect("receipt or keyframe request", {
                switch $0 {
                case .keyframeRequest: false
                case .chatReceipt: true
                default: nil
                }
            }) == false {
                requests += 1
            }
            #expect(requests == 1)
            let keyframe = TestFrames.appFrame(3, keyframe: true)
            await consumer.sendBinary(keyframe)
            #expect(try await sam.nextBinary("the keyframe") == CobrowseFrameCodec.relay(keyframe, session: session))
        }
    }

    @Test("the agent's requestKeyframe reaches the app during a share; without one it is not allowed")
    func agentAsksForKeyframe() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, sam, session) = try await Self.sharing(url)
            try await sam.send(.requestKeyframe(sessionID: session))
            _ = try await consumer.expect("keyframe request") { if case .keyframeRequest = $0 { true } else { nil } }
            try await sam.send(.screenShareEnd(sessionID: session, requestID: "share-1"))
            _ = try await consumer.expect("share ended") { if case .screenShareEnd(let id) = $0 { id } else { nil } }
            try await sam.send(.requestKeyframe(sessionID: session))
            let refused = try await sam.expect("error") { if case .error(let report) = $0 { report } else { nil } }
            #expect(refused.code == .notAllowed)
            #expect(refused.refType == "requestKeyframe")
            try await sam.send(.requestKeyframe(sessionID: "someone-else"))
            let unknown = try await sam.expect("error") { if case .error(let report) = $0 { report } else { nil } }
            #expect(unknown.code == .unknownSession)
            #expect(unknown.refType == "requestKeyframe")
        }
    }

    @Test("a version-1 agent connection cannot ask for keyframes")
    func versionOneAgentCannotAskForKeyframes() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, sam, session) = try await Self.sharing(url, agentVersions: [1])
            try await sam.send(.requestKeyframe(sessionID: session))
            let refused = try await sam.expect("error") { if case .error(let report) = $0 { report } else { nil } }
            #expect(refused.code == .notAllowed)
            try await consumer.send(.chat(clientMessageID: "c-1", text: "no keyframe request before this"))
            let next = try await consumer.expect("receipt or keyframe request") {
                switch $0 {
                case .keyframeRequest: "keyframeRequest"
                case .chatReceipt: "chatReceipt"
                default: nil
                }
            }
            #expect(next == "chatReceipt")
        }
    }

    @Test("a malformed frame gets invalidFrame, and the next good frame still reaches the agent")
    func malformedFrame() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, sam, session) = try await Self.sharing(url)
            var broken = TestFrames.appFrame(1, keyframe: true)
            broken[0] = UInt8(ascii: "X")
            await consumer.sendBinary(broken)
            let report = try await Self.error(consumer)
            #expect(report.code == .invalidFrame)
            #expect(report.refType == "cobrowseFrame")
            let good = TestFrames.appFrame(2, keyframe: true)
            await consumer.sendBinary(good)
            #expect(try await sam.nextBinary("the good frame") == CobrowseFrameCodec.relay(good, session: session))
        }
    }

    @Test("an agent connected with version 1 is sent no binary frames")
    func versionOneAgent() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, sam, _) = try await Self.sharing(url, agentVersions: [1])
            await consumer.sendBinary(TestFrames.appFrame(1, keyframe: true))
            try await consumer.send(.chat(clientMessageID: "c-1", text: "after the frame"))
            var sawChat = false
            while !sawChat {
                switch try await sam.next() {
                case .binary: Issue.record("a version-1 agent was sent a binary frame")
                case .message(let envelope): sawChat = envelope.message.messageType == "chat"
                case .undecodable(let text): Issue.record("undecodable frame: \(text)")
                case .closed(let code): Issue.record("closed with \(code.map(String.init) ?? "no code")")
                }
            }
        }
    }

    @Test("agent input reaches the app only while the agent holds control of the share; results and controlEnd go back")
    func controlRelay() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, sam, session) = try await Self.sharing(url)
            let click = InputEvent.click(x: 10, y: 20)
            try await sam.send(.input(sessionID: session, inputID: "i-1", event: click))
            let early = try await sam.expect("error") { if case .error(let report) = $0 { report } else { nil } }
            #expect(early.code == .notAllowed)
            #expect(early.refType == "input")

            try await sam.send(.requestControl(sessionID: session, requestID: "control-1"))
            _ = try await consumer.expect("control request") { if case .controlRequest(let id, _) = $0 { id } else { nil } }
            try await consumer.send(.controlAnswer(requestID: "control-1", accepted: true))
            _ = try await sam.expect("control answer") {
                if case .consumerAnswered(_, _, .control, let accepted, _) = $0 { accepted } else { nil }
            }
            try await sam.send(.input(sessionID: session, inputID: "i-2", event: click))
            let input = try await consumer.expect("agent input") {
                if case .agentInput(let id, let agent, let event) = $0 { (id, agent, event) } else { nil }
            }
            #expect(input.0 == "i-2")
            #expect(input.1 == "sam")
            #expect(input.2 == click)
            try await consumer.send(.inputResult(inputID: "i-2", outcome: .performed))
            let result = try await sam.expect("input result") {
                if case .inputResult(let sessionID, let id, let outcome) = $0 { (sessionID, id, outcome) } else { nil }
            }
            #expect(result.0 == session)
            #expect(result.1 == "i-2")
            #expect(result.2 == .performed)

            try await consumer.send(.controlEnd(requestID: "control-1"))
            _ = try await sam.expect("control end") { if case .controlEnd(_, let id) = $0 { id } else { nil } }
            try await sam.send(.input(sessionID: session, inputID: "i-3", event: click))
            let late = try await sam.expect("error") { if case .error(let report) = $0 { report } else { nil } }
            #expect(late.code == .notAllowed)
        }
    }

    @Test("strokes and clearing reach the app only during a share, and the app's annotationsCleared reaches the agent")
    func annotationRelay() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            let stroke = AnnotationStroke(
                id: "st-1", color: RGBAColor8(red: 230, green: 20, blue: 120), width: 6,
                points: [.init(x: 4, y: 5), .init(x: 60, y: 30)])
            try await sam.send(.annotate(sessionID: welcome.sessionID, stroke: stroke))
            let early = try await sam.expect("error") { if case .error(let report) = $0 { report } else { nil } }
            #expect(early.code == .notAllowed)
            #expect(early.refType == "annotate")

            try await sam.send(.requestScreenShare(sessionID: welcome.sessionID, requestID: "share-1"))
            _ = try await consumer.expect("request") { if case .screenShareRequest(let id, _, _) = $0 { id } else { nil } }
            try await consumer.send(.screenShareAnswer(requestID: "share-1", accepted: true))
            _ = try await sam.expect("answer") { if case .consumerAnswered(_, _, _, let accepted, _) = $0 { accepted } else { nil } }
            try await sam.send(.annotate(sessionID: welcome.sessionID, stroke: stroke))
            let drawn = try await consumer.expect("stroke") {
                if case .annotate(let agent, let stroke) = $0 { (agent, stroke) } else { nil }
            }
            #expect(drawn.0 == "sam")
            #expect(drawn.1 == stroke)
            try await consumer.send(.annotationsCleared(ids: ["st-1"], reason: .contentChanged))
            let cleared = try await sam.expect("cleared") {
                if case .annotationsCleared(let session, let ids, let reason) = $0 { (session, ids, reason) } else { nil }
            }
            #expect(cleared.0 == welcome.sessionID)
            #expect(cleared.1 == ["st-1"])
            #expect(cleared.2 == .contentChanged)
            try await sam.send(.clearAnnotations(sessionID: welcome.sessionID))
            let agentCleared = try await consumer.expect("clear") {
                if case .clearAnnotations(let agent) = $0 { agent } else { nil }
            }
            #expect(agentCleared == "sam")

            try await consumer.send(.screenShareEnd(requestID: "share-1"))
            _ = try await sam.expect("share ended") { if case .screenShareEnd(_, let id) = $0 { id } else { nil } }
            try await sam.send(.clearAnnotations(sessionID: welcome.sessionID))
            let late = try await sam.expect("error") { if case .error(let report) = $0 { report } else { nil } }
            #expect(late.code == .notAllowed)
            #expect(late.refType == "clearAnnotations")
        }
    }
}
