import AssistCore
import Testing

@Suite("Wire format: share scopes and what is shared (protocol §12.8)")
struct ProtocolCodecShareScopeTests {
    @Test("a request without scope is a request for the app's window, and one for the app's window is written without it")
    func windowIsTheDefault() throws {
        let old = #"{"v":1,"type":"requestScreenShare","seq":1,"body":{"sessionId":"s","requestId":"r"}}"#
        #expect(
            try ProtocolCodec.decode(text: old, as: AgentMessage.self).message
                == .requestScreenShare(sessionID: "s", requestID: "r", scope: .window))
        let written = try ProtocolCodec.encode(Envelope(AgentMessage.requestScreenShare(sessionID: "s", requestID: "r"), seq: 1))
        #expect(!written.contains("scope"))
    }

    @Test("a request for the screen travels with its scope, agent to server and server to app")
    func screenScopeTravels() throws {
        let agent = try ProtocolCodec.encode(
            Envelope(AgentMessage.requestScreenShare(sessionID: "s", requestID: "r", scope: .screen), seq: 1))
        #expect(agent.contains(#""scope":"screen""#))
        #expect(
            try ProtocolCodec.decode(text: agent, as: AgentMessage.self).message
                == .requestScreenShare(sessionID: "s", requestID: "r", scope: .screen))
        let consumer = try ProtocolCodec.encode(
            Envelope(ServerToConsumerMessage.screenShareRequest(requestID: "r", agentID: "sam", scope: .screen), seq: 1))
        #expect(
            try ProtocolCodec.decode(text: consumer, as: ServerToConsumerMessage.self).message
                == .screenShareRequest(requestID: "r", agentID: "sam", scope: .screen))
    }

    @Test("an unknown scope in a request is refused, naming the member")
    func unknownScopeRefused() throws {
        let text = #"{"v":1,"type":"requestScreenShare","seq":1,"body":{"sessionId":"s","requestId":"r","scope":"desktop"}}"#
        let error = try #require(throws: ProtocolError.self) { try ProtocolCodec.decode(text: text, as: AgentMessage.self) }
        #expect(error.kind == .invalidValue(field: "body.scope", problem: #"must be "window" or "screen""#))
    }

    @Test("a hello without shareScopes offers the app's window; unknown scope names in it are left out, not refused")
    func helloScopes() throws {
        let old = #"{"v":1,"type":"hello","body":{"versions":[1],"destination":"support"}}"#
        guard case .hello(let plain) = try ProtocolCodec.decode(text: old, as: ConsumerMessage.self).message else {
            Issue.record("expected hello")
            return
        }
        #expect(plain.shareScopes == [.window])
        let newer = #"{"v":1,"type":"hello","body":{"versions":[1],"destination":"support","shareScopes":["hologram","screen","screen"]}}"#
        guard case .hello(let future) = try ProtocolCodec.decode(text: newer, as: ConsumerMessage.self).message else {
            Issue.record("expected hello")
            return
        }
        #expect(future.shareScopes == [.screen])
    }

    @Test("the answer and the agent's copy of it name what is shared; an old answer names nothing")
    func sharedTravels() throws {
        let answer = try ProtocolCodec.encode(
            Envelope(ConsumerMessage.screenShareAnswer(requestID: "r", accepted: true, shared: .monitor), seq: 1))
        #expect(answer.contains(#""shared":"monitor""#))
        #expect(
            try ProtocolCodec.decode(text: answer, as: ConsumerMessage.self).message
                == .screenShareAnswer(requestID: "r", accepted: true, shared: .monitor))
        let old = #"{"v":1,"type":"screenShareAnswer","seq":1,"body":{"requestId":"r","accepted":true}}"#
        #expect(
            try ProtocolCodec.decode(text: old, as: ConsumerMessage.self).message
                == .screenShareAnswer(requestID: "r", accepted: true, shared: nil))
        let relayed = try ProtocolCodec.encode(
            Envelope(
                ServerToAgentMessage.consumerAnswered(
                    sessionID: "s", requestID: "r", kind: .screenShare, accepted: true, shared: .window), seq: 1))
        #expect(
            try ProtocolCodec.decode(text: relayed, as: ServerToAgentMessage.self).message
                == .consumerAnswered(sessionID: "s", requestID: "r", kind: .screenShare, accepted: true, shared: .window))
    }

    @Test("the agent's assignment says which scopes the person's app offers")
    func assignmentScopes() throws {
        let assignment = SessionAssignment(sessionID: "s", destination: "support", shareScopes: [.window, .screen])
        let text = try ProtocolCodec.encode(Envelope(ServerToAgentMessage.sessionAssigned(assignment), seq: 1))
        #expect(try ProtocolCodec.decode(text: text, as: ServerToAgentMessage.self).message == .sessionAssigned(assignment))
    }
}
