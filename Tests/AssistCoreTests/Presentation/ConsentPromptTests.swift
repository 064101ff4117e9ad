import AssistCore
import Foundation
import Testing

@Suite("Consent prompt")
struct ConsentPromptTests {
    private let start = ContinuousClock.now
    private let sam = Agent(id: "a1", name: "Sam")

    private func prompt(_ subject: ConsentSubject = .screenShare(.window)) -> ConsentPrompt {
        ConsentPrompt(request: ConsentRequest(id: RequestID("r1"), agent: sam, subject: subject), presentedAt: start)
    }

    private func at(_ seconds: Double) -> ContinuousClock.Instant {
        start.advanced(by: .seconds(seconds))
    }

    @Test("accepting at 29 seconds sends Accept")
    func acceptInTime() {
        var prompt = prompt()
        #expect(prompt.accept(at: at(29)) == .sendAnswer(accepted: true))
        #expect(prompt.state == .answered(accepted: true, timedOut: false))
    }

    @Test("declining sends Decline")
    func decline() {
        var prompt = prompt()
        #expect(prompt.decline(at: at(3)) == .sendAnswer(accepted: false))
    }

    @Test("nothing happens at 29.9 seconds without an answer")
    func beforeDeadline() {
        var prompt = prompt()
        #expect(prompt.timeElapsed(now: at(29.9)) == .none)
        #expect(prompt.state == .open)
        #expect(prompt.secondsRemaining(at: at(29.9)) == 1)
    }

    @Test("at 30 seconds without an answer the prompt declines")
    func timeout() {
        var prompt = prompt()
        #expect(prompt.deadline == at(30))
        #expect(prompt.timeElapsed(now: at(30)) == .sendAnswer(accepted: false))
        #expect(prompt.state == .answered(accepted: false, timedOut: true))
        #expect(prompt.secondsRemaining(at: at(30)) == 0)
    }

    @Test("an Accept pressed at or after the deadline is a Decline")
    func lateAccept() {
        var prompt = prompt()
        #expect(prompt.accept(at: at(30)) == .sendAnswer(accepted: false))
        #expect(prompt.state == .answered(accepted: false, timedOut: true))
    }

    @Test("answers after the first are ignored")
    func secondAnswer() {
        var prompt = prompt()
        _ = prompt.decline(at: at(1))
        #expect(prompt.accept(at: at(2)) == .none)
        #expect(prompt.timeElapsed(now: at(31)) == .none)
        #expect(prompt.withdraw() == .none)
        #expect(prompt.state == .answered(accepted: false, timedOut: false))
    }

    @Test("answers after the timeout are ignored")
    func answerAfterTimeout() {
        var prompt = prompt()
        _ = prompt.timeElapsed(now: at(30))
        #expect(prompt.accept(at: at(31)) == .none)
        #expect(prompt.state == .answered(accepted: false, timedOut: true))
    }

    @Test("a withdrawn request closes the prompt without an answer")
    func withdrawn() {
        var prompt = prompt()
        #expect(prompt.withdraw() == .closeWithoutAnswer)
        #expect(prompt.state == .withdrawn)
        #expect(prompt.accept(at: at(5)) == .none)
        #expect(prompt.timeElapsed(now: at(30)) == .none)
    }

    @Test("the screen-share prompt names the agent and says exactly what is seen")
    func screenShareText() {
        let request = prompt().request
        #expect(request.title == "Sam asks to see this app's window")
        #expect(request.message.contains("Sam will see this app's window, with fields you keep private hidden."))
        #expect(request.message.contains("Nothing else on your screen is shared."))
        #expect(request.message.contains("within 30 seconds, the request is declined"))
        #expect(request.acceptLabel == "Accept")
        #expect(request.declineLabel == "Decline")
    }

    @Test("control and push prompts say what the agent asks for")
    func otherText() {
        #expect(prompt(.control(.window)).request.title == "Sam asks to control this app's window")
        let link = prompt(.push(.url(URL(string: "https://example.com/help")!))).request
        #expect(link.title == "Sam sent a link")
        #expect(link.message.hasPrefix("Open https://example.com/help in your web browser?"))
        let document = prompt(.push(.document(URL(string: "https://example.com/doc/guide.pdf")!, mimeType: nil))).request
        #expect(document.message.hasPrefix("Open the document guide.pdf in a viewer window?"))
        #expect(document.acceptLabel == "Open")
        #expect(ConsentSubject.push(.url(URL(string: "https://example.com")!)).kind == .push)
    }

    @Test("a blank agent name reads as The agent")
    func blankName() {
        let request = ConsentRequest(id: RequestID("r2"), agent: Agent(id: "a2", name: "  "), subject: .screenShare(.window))
        #expect(request.title == "The agent asks to see this app's window")
    }
}
