import AssistCore
import Foundation
import Testing

@Suite("Consumer session: what the server's messages mean for the person")
struct ConsumerSessionMessagesTests {
    @Test("queue updates move the waiting phase; the newest counts")
    func queueUpdates() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.receive(try script.frame(.queueUpdate(QueueUpdate(position: 3))), at: .now)
        _ = session.receive(try script.frame(.queueUpdate(QueueUpdate(position: 1, estimatedWaitSeconds: 90))), at: .now)
        #expect(session.phase == .waiting(QueueUpdate(position: 1, estimatedWaitSeconds: 90)))
    }

    @Test("an agent joining starts the chat and names the agent in its messages")
    func agentJoinsAndChats() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        let joined = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        #expect(session.phase == .withAgent(sam))
        #expect(ServerScript.published(joined).contains { if case .agentJoined(sam) = $0 { true } else { false } })

        let message = ChatMessage(id: "m-1", author: .agent(id: "sam"), text: "Hi Ada", sentAt: Date(timeIntervalSince1970: 10))
        let effects = session.receive(try script.frame(.chat(message)), at: .now)
        #expect(session.transcript.entries.map(\.authorName) == ["Sam"])
        let arrived = ServerScript.published(effects).compactMap { if case .messageArrived(let e) = $0 { e } else { nil } }
        #expect(arrived.map(\.text) == ["Hi Ada"])
        #expect(try ServerScript.sent(effects) == [.ack], "a delivered frame is acknowledged")
    }

    @Test("a chat message the server sends twice is shown once")
    func duplicateChatShownOnce() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        let message = ChatMessage(id: "m-1", author: .system, text: "Welcome", sentAt: .now)
        _ = session.receive(try script.frame(.chat(message)), at: .now)
        let again = session.receive(try script.frame(.chat(message)), at: .now)
        #expect(session.transcript.entries.count == 1)
        #expect(ServerScript.published(again).isEmpty)
    }

    @Test("receipts move the person's message to sent, then delivered, never back")
    func receiptsMoveDelivery() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.sendChat("Help", id: "c-1", at: .now)
        _ = session.receive(try script.frame(.chatReceipt(ChatReceipt(clientMessageID: "c-1", messageID: "m-1", status: .delivered))), at: .now)
        _ = session.receive(try script.frame(.chatReceipt(ChatReceipt(clientMessageID: "c-1", messageID: "m-1", status: .stored))), at: .now)
        #expect(session.transcript.entries.map(\.delivery) == [.delivered])
    }

    @Test("a screen-share request is put to the person and answered once")
    func screenShareRequestAnsweredOnce() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        let effects = session.receive(try script.frame(.screenShareRequest(requestID: "r-1", agentID: "sam")), at: .now)
        let requests = ServerScript.published(effects).compactMap { if case .consentRequested(let r) = $0 { r } else { nil } }
        #expect(requests == [ConsentRequest(id: "r-1", agent: sam, subject: .screenShare(.window))])

        #expect(try ServerScript.sent(session.answer("r-1", accepted: true)) == [.screenShareAnswer(requestID: "r-1", accepted: true, shared: .appWindow)])
        #expect(try ServerScript.sent(session.answer("r-1", accepted: false)).isEmpty)
    }

    @Test("the agent withdrawing a request closes its prompt without an answer")
    func withdrawnRequestCloses() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.receive(try script.frame(.screenShareRequest(requestID: "r-1", agentID: "sam")), at: .now)
        let effects = session.receive(try script.frame(.screenShareEnd(requestID: "r-1")), at: .now)
        #expect(ServerScript.published(effects).contains { if case .consentWithdrawn("r-1") = $0 { true } else { false } })
        #expect(session.openRequests.isEmpty)
    }

    @Test("pushed links and control requests are answered with their own message types")
    func pushAndControlAnswers() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        let url = try #require(URL(string: "https://example.com/help"))
        _ = session.receive(try script.frame(.push(requestID: "p-1", agentID: "sam", content: .url(url))), at: .now)
        _ = session.receive(try script.frame(.controlRequest(requestID: "k-1", agentID: "sam")), at: .now)
        #expect(try ServerScript.sent(session.answer("p-1", accepted: false)) == [.pushAnswer(requestID: "p-1", accepted: false)])
        #expect(try ServerScript.sent(session.answer("k-1", accepted: true)) == [.controlAnswer(requestID: "k-1", accepted: true)])
    }

    @Test("the agent leaving puts the person back in the queue and withdraws its requests")
    func agentLeaving() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        _ = session.receive(try script.frame(.screenShareRequest(requestID: "r-1", agentID: "sam")), at: .now)
        let effects = session.receive(try script.frame(.agentLeft(sam)), at: .now)
        #expect(session.phase == .waiting(nil))
        #expect(ServerScript.published(effects).contains { if case .consentWithdrawn("r-1") = $0 { true } else { false } })
    }

    @Test("the agent's typing shows its name until it stops or its message arrives")
    func typingIndicator() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        _ = session.receive(try script.frame(.typing(agentID: "sam", isTyping: true)), at: .now)
        #expect(session.typingAgentName == "Sam")
        _ = session.receive(try script.frame(.chat(ChatMessage(id: "m-1", author: .agent(id: "sam"), text: "Done", sentAt: .now))), at: .now)
        #expect(session.typingAgentName == nil)
    }

    @Test("sessionEnded ends the session with the server's sentence and fails unconfirmed messages")
    func sessionEnded() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.sendChat("Wait", id: "c-1", at: .now)
        _ = session.receive(try script.frame(.sessionEnded(reason: .agentEnded, text: "Glad to help")), at: .now)
        #expect(session.phase == .ended(SupportEnding(reason: .agentEnded, error: UserFacingError(message: "Glad to help", remedy: .startNewSession))))
        #expect(session.transcript.entries.map(\.delivery) == [.failed])
        #expect(session.sendChat("Hello?", id: "c-2", at: .now).isEmpty, "nothing is sent once the session is over")
    }

    @Test("a malformed frame is answered with an error frame and the session goes on")
    func malformedFrameAnswered() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        let effects = session.receive(#"{"v":1,"type":"chat","seq":1,"body":{"messageId":"m"}}"#, at: .now)
        let sent = try ServerScript.sent(effects)
        #expect(sent.contains { if case .error = $0 { true } else { false } })
        #expect(session.phase == .waiting(nil))
    }

    @Test("a frame that is not JSON closes with 1007")
    func garbageCloses() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        let effects = session.receive("not json", at: .now)
        #expect(effects.contains { if case .close(.invalidPayload, _) = $0 { true } else { false } })
    }
}
