import AssistCore
import Foundation
import Testing

@Suite("Consumer session: sharing the screen (scope screen, protocol §12.8)")
struct ConsumerSessionScreenScopeTests {
    /// A welcomed session offering `scopes`, with Sam joined and asking for `scope`.
    private func asked(
        _ script: inout ServerScript, offering scopes: [ShareScope] = [.window, .screen], for scope: ShareScope = .screen
    ) throws -> (ConsumerSession, [ConsumerSessionEffect]) {
        var session = try ConsumerSession.welcomed(script: &script, shareScopes: scopes)
        _ = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        let effects = session.receive(
            try script.frame(.screenShareRequest(requestID: "share-1", agentID: "sam", scope: scope)), at: .now)
        return (session, effects)
    }

    @Test("the hello and every resume say which scopes the app offers")
    func scopesAnnounced() throws {
        var script = ServerScript()
        var session = ConsumerSession(hello: ConsumerHello(destination: "support", shareScopes: [.window, .screen]))
        let hello = try ProtocolCodec.decode(text: try session.connectionOpened(), as: ConsumerMessage.self).message
        guard case .hello(let sent) = hello else { Issue.record("expected hello, got \(hello)"); return }
        #expect(sent.shareScopes == [.window, .screen])
        _ = session.receive(try script.welcome(), at: .now)
        session.connectionLost()
        let resume = try ProtocolCodec.decode(text: try session.connectionOpened(), as: ConsumerMessage.self).message
        guard case .resume(let request) = resume else { Issue.record("expected resume, got \(resume)"); return }
        #expect(request.shareScopes == [.window, .screen])
    }

    @Test("a request for the screen is put to the person as a screen request, with the words of the desktop's dialog")
    func screenRequestPrompted() throws {
        var script = ServerScript()
        let (session, effects) = try asked(&script)
        let requests = ServerScript.published(effects).compactMap { if case .consentRequested(let r) = $0 { r } else { nil } }
        #expect(requests.map(\.subject) == [.screenShare(.screen)])
        #expect(session.openRequests.count == 1)
        let prompt = try #require(requests.first)
        #expect(prompt.title == "Sam asks to see your screen")
        #expect(prompt.message.hasPrefix("You choose a screen or a window next; Sam sees only what you choose."))
        #expect(prompt.acceptLabel == "Choose What to Share…")
    }

    @Test("without a desktop dialog (the whole X screen) the prompt says the agent sees the whole screen at once, and offers to remember nothing")
    func wholeScreenWords() {
        let prompt = ConsentRequest(id: "share-1", agent: sam, subject: .screenShare(.screen), screenPick: .wholeScreen)
        #expect(prompt.title == "Sam asks to see your screen")
        #expect(prompt.message.hasPrefix("This desktop has no dialog to choose from, so Sam sees your whole screen as soon as you accept."))
        #expect(prompt.acceptLabel == "Share Whole Screen")
        #expect(!prompt.offersToRememberChoice)
        #expect(ConsentRequest(id: "share-1", agent: sam, subject: .screenShare(.screen)).offersToRememberChoice)
    }

    @Test("the answer names what the person picked, and the share starts with it")
    func answerNamesThePick() throws {
        for source in [SharedSource.monitor, .window] {
            var script = ServerScript()
            var (session, _) = try asked(&script)
            let effects = session.answer("share-1", accepted: true, sharing: source)
            #expect(try ServerScript.sent(effects) == [.screenShareAnswer(requestID: "share-1", accepted: true, shared: source)])
            #expect(session.share?.source == source)
        }
    }

    @Test("a screen request accepted without a pick, or with the app's window, is declined: nothing is shared")
    func acceptedWithoutPickDeclines() throws {
        for pick in [nil, SharedSource.appWindow] {
            var script = ServerScript()
            var (session, _) = try asked(&script)
            let effects = session.answer("share-1", accepted: true, sharing: pick)
            #expect(try ServerScript.sent(effects) == [.screenShareAnswer(requestID: "share-1", accepted: false)])
            #expect(session.share == nil)
        }
    }

    @Test("a request for a scope the app does not offer is declined at once, without asking the person")
    func unofferedScopeDeclined() throws {
        var script = ServerScript()
        let (session, effects) = try asked(&script, offering: [.window], for: .screen)
        #expect(try ServerScript.sent(effects) == [.screenShareAnswer(requestID: "share-1", accepted: false)])
        #expect(session.openRequests.isEmpty)
        var other = ServerScript()
        let (none, refused) = try asked(&other, offering: [], for: .window)
        #expect(try ServerScript.sent(refused) == [.screenShareAnswer(requestID: "share-1", accepted: false)])
        #expect(none.openRequests.isEmpty)
    }

    @Test("during a share of the screen, a control request is declined at once unless the app offers screen control; of the app's window it is asked")
    func controlDuringScreenShare() throws {
        var script = ServerScript()
        var (session, _) = try asked(&script)
        _ = session.answer("share-1", accepted: true, sharing: .monitor)
        let effects = session.receive(try script.frame(.controlRequest(requestID: "control-1", agentID: "sam")), at: .now)
        #expect(try ServerScript.sent(effects) == [.controlAnswer(requestID: "control-1", accepted: false)])
        #expect(session.openRequests.isEmpty)

        var windowScript = ServerScript()
        var (window, _) = try asked(&windowScript, for: .window)
        _ = window.answer("share-1", accepted: true)
        _ = window.receive(try windowScript.frame(.controlRequest(requestID: "control-1", agentID: "sam")), at: .now)
        #expect(window.openRequests.map(\.subject) == [.control(.window)])
    }

    @Test("the sharing bar names what is shared")
    func barNamesTheSource() {
        let monitor = SharingIndicator(ScreenShare(requestID: "r", agent: sam, source: .monitor))
        #expect(monitor.title == "Sam can see your whole screen")
        #expect(monitor.stopDescription == "Stop sharing your screen with Sam")
        #expect(!monitor.offersDrawing)
        let window = SharingIndicator(ScreenShare(requestID: "r", agent: sam, source: .window))
        #expect(window.title == "Sam can see the window you chose")
        let app = SharingIndicator(ScreenShare(requestID: "r", agent: sam))
        #expect(app.title == "Sam can see this window")
        #expect(app.offersDrawing)
    }

    @Test("a hello offers the screen only when the configuration names it and the app can capture it")
    func helloFromConfiguration() {
        var configuration = Configuration()
        let submission = PrechatSubmission(answers: [], visitorName: nil)
        #expect(ConsumerHello(configuration: configuration, submission: submission, sharesScreen: true).shareScopes == [.window])
        configuration.screenShareScopes = [.window, .screen]
        #expect(ConsumerHello(configuration: configuration, submission: submission).shareScopes == [.window])
        #expect(
            ConsumerHello(configuration: configuration, submission: submission, sharesScreen: true).shareScopes
                == [.window, .screen])
        configuration.screenShareScopes = []
        #expect(ConsumerHello(configuration: configuration, submission: submission, sharesScreen: true).shareScopes.isEmpty)
    }
}
