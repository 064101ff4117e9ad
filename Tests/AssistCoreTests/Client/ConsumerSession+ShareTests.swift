import AssistCore
import Foundation
import Testing

@Suite("Consumer session: screen share and control")
struct ConsumerSessionShareTests {
    /// A welcomed session with Sam joined and a screen-share request open.
    private func asked(_ script: inout ServerScript) throws -> ConsumerSession {
        var session = try ConsumerSession.welcomed(script: &script)
        _ = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        _ = session.receive(try script.frame(.screenShareRequest(requestID: "share-1", agentID: "sam")), at: .now)
        return session
    }

    private func events(_ effects: [ConsumerSessionEffect]) -> [String] {
        ServerScript.published(effects).map {
            switch $0 {
            case .screenShareStarted(let share): "started \(share.requestID.rawValue)"
            case .screenShareEnded(let id): "ended \(id.rawValue)"
            case .keyframeRequested: "keyframe"
            case .controlChanged(let share): "control \(share.hasControl)"
            case .agentInput(let id, _): "input \(id.rawValue)"
            default: "other"
            }
        }.filter { $0 != "other" }
    }

    @Test("accepting starts the share with the agent; declining does not")
    func acceptStarts() throws {
        var script = ServerScript()
        var session = try asked(&script)
        let accepted = session.answer("share-1", accepted: true)
        #expect(events(accepted) == ["started share-1"])
        #expect(session.share?.agent == sam)
        #expect(try ServerScript.sent(accepted) == [.screenShareAnswer(requestID: "share-1", accepted: true, shared: .appWindow)])

        var other = try asked(&script)
        #expect(events(other.answer("share-1", accepted: false)).isEmpty)
        #expect(other.share == nil)
    }

    @Test("the share stops on the agent's screenShareEnd, the agent leaving, the session ending, or Stop sharing")
    func stops() throws {
        let stops: [(String, (inout ConsumerSession, inout ServerScript) throws -> [ConsumerSessionEffect])] = [
            ("agent", { session, script in session.receive(try script.frame(.screenShareEnd(requestID: "share-1")), at: .now) }),
            ("left", { session, script in session.receive(try script.frame(.agentLeft(sam)), at: .now) }),
            ("ended", { session, script in
                session.receive(try script.frame(.sessionEnded(reason: .agentEnded, text: nil)), at: .now)
            }),
            ("person", { session, _ in session.stopSharing() }),
        ]
        for (name, stop) in stops {
            var script = ServerScript()
            var session = try asked(&script)
            _ = session.answer("share-1", accepted: true)
            let effects = try stop(&session, &script)
            #expect(events(effects).contains("ended share-1"), "\(name)")
            #expect(session.share == nil, "\(name)")
            if name == "person" {
                #expect(try ServerScript.sent(effects) == [.screenShareEnd(requestID: "share-1")])
            }
        }
    }

    @Test("a keyframe is asked for when the server asks and after a reconnection, only while sharing")
    func keyframes() throws {
        var script = ServerScript()
        var session = try asked(&script)
        #expect(events(session.receive(try script.frame(.keyframeRequest), at: .now)).isEmpty)
        _ = session.answer("share-1", accepted: true)
        #expect(events(session.receive(try script.frame(.keyframeRequest), at: .now)) == ["keyframe"])
        session.connectionLost()
        _ = try session.connectionOpened()
        let resumed = session.receive(try script.welcome(lastReceivedSeq: 1), at: .now)
        #expect(events(resumed) == ["keyframe"])
        #expect(session.canSendCobrowseFrames)
    }

    @Test("the server's notAllowed for a co-browse frame stops the share it no longer knows")
    func serverForgotShare() throws {
        var script = ServerScript()
        var session = try asked(&script)
        _ = session.answer("share-1", accepted: true)
        let report = ErrorReport(code: .notAllowed, message: "no screen share is active", refType: "cobrowseFrame")
        #expect(events(session.receive(try script.frame(.error(report)), at: .now)) == ["ended share-1"])
    }

    @Test("control is granted only during a share; without it, agent input is answered noControl at once")
    func controlNeedsShare() throws {
        var script = ServerScript()
        var session = try asked(&script)
        _ = session.receive(try script.frame(.controlRequest(requestID: "control-1", agentID: "sam")), at: .now)
        #expect(events(session.answer("control-1", accepted: true)).isEmpty, "control before any share")
        let early = session.receive(
            try script.frame(.agentInput(inputID: "i-1", agentID: "sam", event: .click(x: 1, y: 1))), at: .now)
        #expect(try ServerScript.sent(early) == [.inputResult(inputID: "i-1", outcome: .noControl)])
        #expect(events(early).isEmpty)

        _ = session.answer("share-1", accepted: true)
        _ = session.receive(try script.frame(.controlRequest(requestID: "control-2", agentID: "sam")), at: .now)
        #expect(events(session.answer("control-2", accepted: true)) == ["control true"])
        let input = session.receive(
            try script.frame(.agentInput(inputID: "i-2", agentID: "sam", event: .text("hi"))), at: .now)
        #expect(events(input) == ["input i-2"])
        #expect(try ServerScript.sent(session.reportInput("i-2", outcome: .performed))
            == [.inputResult(inputID: "i-2", outcome: .performed)])
    }

    @Test("taking control back tells the agent and keeps the share")
    func takeBack() throws {
        var script = ServerScript()
        var session = try asked(&script)
        _ = session.answer("share-1", accepted: true)
        _ = session.receive(try script.frame(.controlRequest(requestID: "control-1", agentID: "sam")), at: .now)
        _ = session.answer("control-1", accepted: true)
        let back = session.stopControl()
        #expect(try ServerScript.sent(back) == [.controlEnd(requestID: "control-1")])
        #expect(events(back) == ["control false"])
        #expect(session.share?.hasControl == false)
        #expect(session.share != nil)
        #expect(session.stopControl().isEmpty)
    }
}
