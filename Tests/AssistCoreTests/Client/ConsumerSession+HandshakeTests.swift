import AssistCore
import Foundation
import Testing

@Suite("Consumer session: handshake and resume")
struct ConsumerSessionHandshakeTests {
    @Test("the first connection says hello with the configured destination and answers")
    func firstConnectionSaysHello() throws {
        let hello = ConsumerHello(destination: "support", visitorName: "Ada", preChat: [PrechatAnswer(label: "Email", value: "a@b.co")])
        var session = ConsumerSession(hello: hello)
        let frame = try session.connectionOpened()
        #expect(try ProtocolCodec.decode(text: frame, as: ConsumerMessage.self).message == .hello(hello))
    }

    @Test("welcome establishes the connection and puts the person in the queue")
    func welcomeEstablishes() throws {
        var script = ServerScript()
        var session = ConsumerSession(hello: ConsumerHello(destination: "support"))
        _ = try session.connectionOpened()
        let effects = session.receive(try script.welcome(), at: .now)
        #expect(effects.contains { if case .established = $0 { true } else { false } })
        #expect(session.phase == .waiting(nil))
        #expect(session.isOnline)
    }

    @Test("a later connection resumes with the newest token and the last seq received")
    func laterConnectionResumes() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        session.connectionLost()
        let frame = try session.connectionOpened()
        let message = try ProtocolCodec.decode(text: frame, as: ConsumerMessage.self).message
        #expect(message == .resume(ResumeRequest(resumeToken: "resume-1", lastReceivedSeq: 1)))
    }

    @Test("a message typed while the connection is down is sent after the next welcome, once")
    func heldMessageSentAfterWelcome() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        session.connectionLost()
        let whileDown = session.sendChat("Still there?", id: "c-1", at: .now)
        #expect(try ServerScript.sent(whileDown).isEmpty)
        #expect(session.transcript.entries.map(\.delivery) == [.sending])

        _ = try session.connectionOpened()
        var server = ServerScript()
        let afterWelcome = session.receive(try server.welcome(lastReceivedSeq: 0, token: "resume-2"), at: .now)
        #expect(try ServerScript.sent(afterWelcome) == [.chat(clientMessageID: "c-1", text: "Still there?")])
        #expect(session.welcome?.resumeToken == "resume-2")
    }

    @Test("a message the server already has is not sent again after a resume")
    func acknowledgedMessageNotResent() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.sendChat("Hello", id: "c-1", at: .now)
        session.connectionLost()
        _ = try session.connectionOpened()
        var server = ServerScript()
        let effects = session.receive(try server.welcome(lastReceivedSeq: 1), at: .now)
        #expect(try ServerScript.sent(effects).isEmpty)
    }

    @Test("anything but welcome first closes the connection with 1008")
    func frameBeforeWelcomeCloses() throws {
        var script = ServerScript()
        _ = try script.welcome()
        var session = ConsumerSession(hello: ConsumerHello(destination: "support"))
        _ = try session.connectionOpened()
        let effects = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        #expect(effects.contains { if case .close(.policyViolation, _) = $0 { true } else { false } })
    }

    @Test("a welcome claiming less than the server already acknowledged closes with 4002")
    func impossibleReplayCloses() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.sendChat("One", id: "c-1", at: .now)
        _ = session.receive(try ProtocolCodec.encode(Envelope(ServerToConsumerMessage.ack, ack: 1)), at: .now)
        session.connectionLost()
        _ = try session.connectionOpened()
        var server = ServerScript()
        let effects = session.receive(try server.welcome(lastReceivedSeq: 0), at: .now)
        #expect(effects.contains { if case .close(.resumeRejected, _) = $0 { true } else { false } })
    }
}
