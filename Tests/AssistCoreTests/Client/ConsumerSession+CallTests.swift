import AssistCore
import Foundation
import Testing

@Suite("Consumer session: the call's messages and versions")
struct ConsumerSessionCallTests {
    @Test("an app that takes calls offers version 3; one that does not stops at version 2")
    func offeredVersions() {
        #expect(ProtocolVersion.offered(takesCalls: true) == [1, 2, 3])
        #expect(ProtocolVersion.offered(takesCalls: false) == [1, 2])
    }

    @Test("the hello and every resume offer the versions the app was made with")
    func resumeOffersTheHellosVersions() throws {
        var script = ServerScript()
        var session = ConsumerSession(hello: ConsumerHello(versions: [1, 2], destination: "support"))
        let hello = try ProtocolCodec.decode(text: try session.connectionOpened(), as: ConsumerMessage.self).message
        guard case .hello(let sent) = hello else { Issue.record("expected hello, got \(hello)"); return }
        #expect(sent.versions == [1, 2])
        _ = session.receive(try script.welcome(), at: .now)
        session.connectionLost()
        let resume = try ProtocolCodec.decode(text: try session.connectionOpened(), as: ConsumerMessage.self).message
        #expect(resume == .resume(ResumeRequest(resumeToken: "resume-1", lastReceivedSeq: 0, versions: [1, 2])))
    }

    @Test("a sequenced call message is held while offline and sent after the welcome; a signal is dropped")
    func callMessagesAcrossADrop() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        session.connectionLost()
        let answer = session.sendCallMessage(.callAnswer(requestID: "call-1", accepted: true))
        let signal = session.sendCallMessage(
            .callSignal(requestID: "call-1", signal: .answer(negotiation: 1, sdp: "v=0")))
        #expect(try ServerScript.sent(answer + signal).isEmpty)

        _ = try session.connectionOpened()
        var server = ServerScript()
        let afterWelcome = session.receive(try server.welcome(lastReceivedSeq: 0, token: "resume-2"), at: .now)
        #expect(try ServerScript.sent(afterWelcome) == [.callAnswer(requestID: "call-1", accepted: true)])
    }

    @Test("online, every call message goes out at once")
    func callMessagesOnline() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        let messages: [ConsumerMessage] = [
            .askForCall(media: .video),
            .callSignal(requestID: "call-1", signal: .candidate(negotiation: 1, sdpMLineIndex: 0, candidate: "")),
            .callMediaState(requestID: "call-1", state: CallMediaState(microphone: false, camera: false)),
            .callEnd(requestID: "call-1"),
        ]
        for message in messages {
            #expect(try ServerScript.sent(session.sendCallMessage(message)) == [message])
        }
    }

    @Test("a message that is not about a call is refused, and nothing is sent once the session ended")
    func refusals() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        #expect(session.sendCallMessage(.endSession).isEmpty)
        _ = session.receive(try script.frame(.sessionEnded(reason: .agentEnded, text: nil)), at: .now)
        #expect(session.sendCallMessage(.callEnd(requestID: "call-1")).isEmpty)
    }
}
