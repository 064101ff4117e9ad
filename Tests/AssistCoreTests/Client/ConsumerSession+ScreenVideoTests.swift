import AssistCore
import Foundation
import Testing

@Suite("Consumer session: a shared screen as a video track (protocol §13.5)")
struct ConsumerSessionScreenVideoTests {
    /// A welcomed session that offers the screen as a track, sharing
    /// `shared` with Sam under request `share-1`.
    private func sharing(_ shared: SharedSource) throws -> (ConsumerSession, ServerScript) {
        var script = ServerScript()
        let scope: ShareScope = shared == .appWindow ? .window : .screen
        var session = try ConsumerSession.welcomed(script: &script, shareScopes: [.window, .screen], screenVideo: true)
        _ = session.receive(try script.frame(.agentJoined(sam)), at: .now)
        _ = session.receive(try script.frame(.screenShareRequest(requestID: "share-1", agentID: "sam", scope: scope)), at: .now)
        _ = session.answer("share-1", accepted: true, sharing: shared)
        return (session, script)
    }

    @Test("the hello and every resume say that the app can send its screen as a track")
    func announced() throws {
        var script = ServerScript()
        var session = ConsumerSession(
            hello: ConsumerHello(destination: "support", shareScopes: [.window, .screen], screenVideo: true))
        let hello = try ProtocolCodec.decode(text: try session.connectionOpened(), as: ConsumerMessage.self).message
        guard case .hello(let sent) = hello else { Issue.record("expected hello, got \(hello)"); return }
        #expect(sent.screenVideo)
        _ = session.receive(try script.welcome(), at: .now)
        session.connectionLost()
        let resume = try ProtocolCodec.decode(text: try session.connectionOpened(), as: ConsumerMessage.self).message
        guard case .resume(let request) = resume else { Issue.record("expected resume, got \(resume)"); return }
        #expect(request.screenVideo)
    }

    @Test("a hello offers the track only with the screen, the call's version and an app with a video engine")
    func helloFromConfiguration() {
        var configuration = Configuration()
        configuration.screenShareScopes = [.window, .screen]
        let submission = PrechatSubmission(answers: [], visitorName: nil)
        func offered(versions: [Int] = [1, 2, 3], shares: Bool = true, streams: Bool = true) -> Bool {
            ConsumerHello(
                configuration: configuration, submission: submission, versions: versions, sharesScreen: shares,
                streamsScreen: streams
            ).screenVideo
        }
        #expect(offered())
        #expect(!offered(streams: false))
        #expect(!offered(shares: false))
        #expect(!offered(versions: [1, 2]))
        configuration.screenShareScopes = [.window]
        #expect(!offered())
    }

    @Test("the agent's signals for the running share of a monitor reach the app; others do not")
    func signalsPublishedForTheRunningShare() throws {
        var (session, script) = try sharing(.monitor)
        let offer = session.receive(
            try script.frame(.screenSignal(requestID: "share-1", signal: .offer(negotiation: 1, sdp: "v=0"))), at: .now)
        let published = ServerScript.published(offer).compactMap { event -> (RequestID, CallSignal)? in
            if case .screenSignal(let id, let signal) = event { (id, signal) } else { nil }
        }
        #expect(published.map(\.0) == ["share-1"])
        #expect(published.map(\.1) == [.offer(negotiation: 1, sdp: "v=0")])
        let other = session.receive(
            try script.frame(.screenSignal(requestID: "share-9", signal: .offer(negotiation: 1, sdp: "v=0"))), at: .now)
        #expect(ServerScript.published(other).isEmpty)
        #expect(
            try ServerScript.sent(session.sendScreenSignal(.answer(negotiation: 1, sdp: "v=0"), for: "share-1"))
                == [.screenSignal(requestID: "share-1", signal: .answer(negotiation: 1, sdp: "v=0"))])
        #expect(try ServerScript.sent(session.sendScreenSignal(.restart, for: "share-9")).isEmpty)
    }

    @Test("a share of the app's own window neither takes nor sends the track's signals")
    func appWindowHasNoTrack() throws {
        var (session, script) = try sharing(.appWindow)
        let offer = session.receive(
            try script.frame(.screenSignal(requestID: "share-1", signal: .offer(negotiation: 1, sdp: "v=0"))), at: .now)
        #expect(ServerScript.published(offer).isEmpty)
        #expect(try ServerScript.sent(session.sendScreenSignal(.restart, for: "share-1")).isEmpty)
    }
}
