import AssistCore
import Foundation
import Testing

@Suite("Consumer session: the person's intents")
struct ConsumerSessionIntentsTests {
    @Test("blank messages are never sent; others are sent trimmed")
    func blankNeverSent() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        #expect(session.sendChat(" \n ", id: "c-0", at: .now).isEmpty)
        let effects = session.sendChat("  Hello \n", id: "c-1", at: .now)
        #expect(try ServerScript.sent(effects) == [.chat(clientMessageID: "c-1", text: "Hello")])
        #expect(session.transcript.entries.map(\.text) == ["Hello"])
    }

    @Test("ending support leaves the queue while waiting and ends the chat with an agent")
    func endingSupport() throws {
        var script = ServerScript()
        var waiting = try ConsumerSession.welcomed(script: &script)
        #expect(try ServerScript.sent(waiting.endSupport()) == [.leaveQueue])

        var chatting = try ConsumerSession.welcomed(script: &script)
        _ = chatting.receive(try script.frame(.agentJoined(sam)), at: .now)
        #expect(try ServerScript.sent(chatting.endSupport()) == [.endSession])
    }

    @Test("giving up the connection fails unconfirmed messages; retrying makes them sending again")
    func givingUpAndRetrying() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        session.connectionLost()
        _ = session.sendChat("Are you there?", id: "c-1", at: .now)
        _ = session.connectionGivenUp()
        #expect(session.transcript.entries.map(\.delivery) == [.failed])
        _ = session.retrying()
        #expect(session.transcript.entries.map(\.delivery) == [.sending])
    }

    @Test("typing is sent only while online")
    func typingOnlyOnline() throws {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script)
        #expect(try ServerScript.sent(session.setTyping(true)) == [.typing(isTyping: true)])
        session.connectionLost()
        #expect(session.setTyping(false).isEmpty)
    }

    @Test("the hello carries the configuration and the pre-chat submission")
    func helloFromConfiguration() {
        var configuration = Configuration()
        configuration.destination = "billing"
        configuration.correlationId = "crm-42"
        configuration.auditName = "Ada L"
        let submission = PrechatSubmission(answers: [PrechatAnswer(label: "Email", value: "a@b.co")], visitorName: "Ada")
        let hello = ConsumerHello(configuration: configuration, submission: submission)
        #expect(hello.destination == "billing")
        #expect(hello.visitorName == "Ada")
        #expect(hello.preChat == submission.answers)
        #expect(hello.correlationID == "crm-42")
        #expect(hello.auditName == "Ada L")
        #expect(hello.sessionToken == nil && hello.uui == nil && hello.entityMapping == nil)
    }

    @Test("escalating with a session token leaves the destination out")
    func escalationOmitsDestination() {
        var configuration = Configuration()
        configuration.destination = "billing"
        configuration.sessionToken = "token-1"
        let hello = ConsumerHello(configuration: configuration, submission: PrechatSubmission(answers: [], visitorName: nil))
        #expect(hello.destination == nil)
        #expect(hello.sessionToken == "token-1")
    }
}
