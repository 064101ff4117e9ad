import AssistCore
import Foundation
import Testing

@Suite("Consumer session: control of a shared screen (protocol §12.9)")
struct ConsumerSessionScreenControlTests {
    /// A welcomed session that offers the screen (and control of it when
    /// `screenControl`), sharing a monitor with Sam, who asks for control.
    private func askedForControl(
        screenControl: Bool
    ) throws -> (ConsumerSession, [ConsumerSessionEffect], ServerScript) {
        var script = ServerScript()
        var session = try ConsumerSession.welcomed(script: &script, shareScopes: [.window, .screen], screenControl: screenControl)
        _ = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        _ = session.receive(try script.frame(.screenShareRequest(requestID: "share-1", agentID: "sam", scope: .screen)), at: .now)
        _ = session.answer("share-1", accepted: true, sharing: .monitor)
        let effects = session.receive(try script.frame(.controlRequest(requestID: "control-1", agentID: "sam")), at: .now)
        return (session, effects, script)
    }

    @Test("the hello and every resume say whether the app offers control of the screen")
    func announced() throws {
        var script = ServerScript()
        var session = ConsumerSession(
            hello: ConsumerHello(destination: "support", shareScopes: [.window, .screen], screenControl: true))
        let hello = try ProtocolCodec.decode(text: try session.connectionOpened(), as: ConsumerMessage.self).message
        guard case .hello(let sent) = hello else { Issue.record("expected hello, got \(hello)"); return }
        #expect(sent.screenControl)
        _ = session.receive(try script.welcome(), at: .now)
        session.connectionLost()
        let resume = try ProtocolCodec.decode(text: try session.connectionOpened(), as: ConsumerMessage.self).message
        guard case .resume(let request) = resume else { Issue.record("expected resume, got \(resume)"); return }
        #expect(request.screenControl)
    }

    @Test("a hello offers control of the screen only with the screen, the configuration's consent and a desktop that lends devices")
    func helloFromConfiguration() {
        var configuration = Configuration()
        let submission = PrechatSubmission(answers: [], visitorName: nil)
        func offered(shares: Bool, controls: Bool) -> Bool {
            ConsumerHello(configuration: configuration, submission: submission, sharesScreen: shares, controlsScreen: controls)
                .screenControl
        }
        configuration.screenShareScopes = [.window, .screen]
        #expect(!offered(shares: true, controls: true))  // screenControl is off by default
        configuration.screenControl = true
        #expect(offered(shares: true, controls: true))
        #expect(!offered(shares: false, controls: true))
        #expect(!offered(shares: true, controls: false))
        configuration.screenShareScopes = [.window]
        #expect(!offered(shares: true, controls: true))
    }

    @Test("during a share of the screen an app that offers control asks the person, in words of the desktop's second dialog")
    func asked() throws {
        let (session, effects, _) = try askedForControl(screenControl: true)
        let requests = ServerScript.published(effects).compactMap { if case .consentRequested(let r) = $0 { r } else { nil } }
        #expect(requests.map(\.subject) == [.control(.screen)])
        let prompt = try #require(requests.first)
        #expect(prompt.title == "Sam asks to use your mouse and keyboard")
        #expect(prompt.message.hasPrefix("Sam will be able to click and type in what you share. The desktop asks you next"))
        #expect(prompt.message.contains("Ctrl+Shift+Escape"))
        #expect(prompt.acceptLabel == "Continue…")
        #expect(session.openRequests.count == 1)
    }

    @Test("an app that does not offer control of the screen declines at once")
    func declinedWhenNotOffered() throws {
        let (session, effects, _) = try askedForControl(screenControl: false)
        #expect(try ServerScript.sent(effects) == [.controlAnswer(requestID: "control-1", accepted: false)])
        #expect(session.openRequests.isEmpty)
    }

    @Test("once granted the agent's input is published, the bar says so, and after Take back control input is refused")
    func grantAndTakeBack() throws {
        var (session, _, script) = try askedForControl(screenControl: true)
        let granted = session.answer("control-1", accepted: true)
        #expect(try ServerScript.sent(granted) == [.controlAnswer(requestID: "control-1", accepted: true)])
        let share = try #require(session.share)
        let bar = SharingIndicator(share)
        #expect(bar.title == "Sam can see and use your whole screen")
        #expect(bar.showsControl)
        #expect(bar.detail.contains("Ctrl+Shift+Escape"))
        let input = session.receive(
            try script.frame(.agentInput(inputID: "input-1", agentID: "sam", event: .click(x: 4, y: 5))), at: .now)
        let published = ServerScript.published(input).compactMap { if case .agentInput(let id, let event) = $0 { (id, event) } else { nil } }
        #expect(published.map(\.0) == ["input-1"])
        #expect(published.map(\.1) == [.click(x: 4, y: 5)])
        let back = session.stopControl()
        #expect(try ServerScript.sent(back) == [.controlEnd(requestID: "control-1")])
        let late = session.receive(
            try script.frame(.agentInput(inputID: "input-2", agentID: "sam", event: .click(x: 4, y: 5))), at: .now)
        #expect(try ServerScript.sent(late) == [.inputResult(inputID: "input-2", outcome: .noControl)])
    }

    @Test("the person's record says the agent used the mouse and keyboard")
    func recordSentence() {
        let event = ActivityEvent(
            time: Date(timeIntervalSince1970: 0), kind: .controlGranted, agent: "Sam", server: "https://s", subject: "screen")
        #expect(ActivityLine(event).sentence == "You let Sam use your mouse and keyboard.")
        let window = ActivityEvent(time: Date(timeIntervalSince1970: 0), kind: .controlGranted, agent: "Sam", server: "https://s")
        #expect(ActivityLine(window).sentence == "You let Sam control this app's window.")
    }
}
