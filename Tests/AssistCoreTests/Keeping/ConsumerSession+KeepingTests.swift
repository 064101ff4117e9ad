import AssistCore
import Foundation
import Testing

@Suite("Kept session: restoring the consumer's session")
struct ConsumerSessionKeepingTests {
    private let hello = ConsumerHello(destination: "support", visitorName: "Ada")

    @Test("nothing is kept before the welcome or after the end")
    func nothingBeforeWelcomeOrAfterEnd() throws {
        var fresh = ConsumerSession(hello: hello)
        _ = fresh.sendChat("Early", id: "c-0", at: .now)
        #expect(try fresh.kept(server: "http://s") == nil)

        var script = ServerScript()
        var ended = try ConsumerSession.welcomed(script: &script)
        #expect(try ended.kept(server: "http://s") != nil)
        _ = ended.receive(try script.frame(.sessionEnded(reason: .agentEnded, text: nil)), at: .now)
        #expect(try ended.kept(server: "http://s") == nil)
    }

    @Test("a restored session shows the chat and the agent as they were, and keeps the same record")
    func restoredAsItWas() throws {
        let record = try sampleRecord()
        let restored = try ConsumerSession(restoring: record, hello: hello)
        #expect(restored.phase == .withAgent(sam))
        #expect(restored.transcript.entries.map(\.text) == ["Hi, I'm Sam.", "First", "Held while offline"])
        #expect(restored.transcript.entries.map(\.delivery) == [nil, .sending, .sending])
        #expect(restored.transcript.entries.first?.authorName == "Sam")
        #expect(!restored.isOnline)
        #expect(try restored.kept(server: record.server) == record)
    }

    @Test("a restored session resumes with the kept token and resends the unacknowledged chat with its ids and seqs")
    func resumesAndResends() throws {
        var restored = try ConsumerSession(restoring: try sampleRecord(), hello: hello)
        let handshake = try ProtocolCodec.decode(text: try restored.connectionOpened(), as: ConsumerMessage.self)
        #expect(handshake.message == .resume(ResumeRequest(resumeToken: "resume-1", lastReceivedSeq: 2, versions: hello.versions)))

        let welcome = try ProtocolCodec.encode(
            Envelope(
                ServerToConsumerMessage.welcome(
                    ConsumerWelcome(sessionID: "s-1", resumeToken: "resume-2", gracePeriodSeconds: 120, lastReceivedSeq: 0))))
        let effects = restored.receive(welcome, at: .now)
        let resent = effects.compactMap { effect -> Envelope<ConsumerMessage>? in
            guard case .transmit(let text) = effect else { return nil }
            return try? ProtocolCodec.decode(text: text, as: ConsumerMessage.self)
        }
        #expect(resent.map(\.seq) == [1, 2])
        #expect(resent.map(\.message) == [
            .chat(clientMessageID: "c-1", text: "First"), .chat(clientMessageID: "c-2", text: "Held while offline"),
        ])
        #expect(restored.isOnline)
        #expect(try restored.kept(server: "http://127.0.0.1:8080")?.resumeToken == "resume-2")
    }

    @Test("unanswered requests are declined and a share in progress is ended after the kept frames")
    func requestsDeclinedAndShareEnded() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        _ = session.receive(try script.frame(.screenShareRequest(requestID: "share-1", agentID: "sam")), at: .now)
        _ = session.answer("share-1", accepted: true)
        _ = session.receive(try script.frame(.controlRequest(requestID: "control-1", agentID: "sam")), at: .now)
        let record = try #require(try session.kept(server: "http://s"))
        #expect(record.openRequests == [KeptRequest(id: "control-1", kind: .control)])
        #expect(record.shareRequestID == "share-1")

        var restored = try ConsumerSession(restoring: record, hello: hello)
        #expect(restored.share == nil && restored.openRequests.isEmpty)
        _ = try restored.connectionOpened()
        let welcome = try ProtocolCodec.encode(
            Envelope(
                ServerToConsumerMessage.welcome(
                    ConsumerWelcome(sessionID: "s-1", resumeToken: "resume-2", gracePeriodSeconds: 120, lastReceivedSeq: 1))))
        #expect(try ServerScript.sent(restored.receive(welcome, at: .now)) == [
            .controlAnswer(requestID: "control-1", accepted: false), .screenShareEnd(requestID: "share-1"),
        ])
    }
}
