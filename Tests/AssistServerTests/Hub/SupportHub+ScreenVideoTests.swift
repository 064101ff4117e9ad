@testable import AssistServer
import AssistCore
import Testing

@Suite("The hub and a shared screen sent as a video track (protocol §13.5)")
struct SupportHubScreenVideoTests {
    /// A session whose app offers the screen (as a track when
    /// `screenVideo`), sharing `shared` with Sam under request `share-1`.
    private func sharing(
        _ shared: SharedSource = .monitor, screenVideo: Bool = true
    ) async throws -> (HubFixture, FakeLink<ServerToConsumerMessage>, FakeLink<ServerToAgentMessage>, SessionID) {
        let fixture = try HubFixture()
        let (consumer, agent, id) = try await fixture.session(shareScopes: [.window, .screen], screenVideo: screenVideo)
        let scope: ShareScope = shared == .appWindow ? .window : .screen
        await agent.send(AgentMessage.requestScreenShare(sessionID: id, requestID: "share-1", scope: scope), to: fixture.hub)
        _ = try await consumer.next { if case .screenShareRequest(let r, _, _) = $0 { r } else { nil } }
        await consumer.send(
            ConsumerMessage.screenShareAnswer(requestID: "share-1", accepted: true, shared: shared), to: fixture.hub)
        _ = try await agent.next { if case .consumerAnswered(_, _, _, true, _) = $0 { true } else { nil } }
        return (fixture, consumer, agent, id)
    }

    @Test("the agent learns that the app can send its screen as a video track")
    func assignmentSaysSo() async throws {
        let offering = try await HubFixture().assignedSession(shareScopes: [.window, .screen], screenVideo: true)
        #expect(offering.assignment.screenVideo)
        let plain = try await HubFixture().assignedSession(shareScopes: [.window, .screen])
        #expect(!plain.assignment.screenVideo)
    }

    @Test("an offer, its answer and candidates cross between the agent and the app during the share they name")
    func relayedBothWays() async throws {
        let (fixture, consumer, agent, id) = try await sharing()
        await agent.send(
            AgentMessage.screenSignal(sessionID: id, requestID: "share-1", signal: .offer(negotiation: 1, sdp: "v=0\r\n")),
            to: fixture.hub)
        let offer = try await consumer.next { if case .screenSignal(let r, let s) = $0 { (r, s) } else { nil } }
        #expect(offer == ("share-1", .offer(negotiation: 1, sdp: "v=0\r\n")))
        await consumer.send(
            ConsumerMessage.screenSignal(requestID: "share-1", signal: .answer(negotiation: 1, sdp: "v=0\r\n")),
            to: fixture.hub)
        await consumer.send(ConsumerMessage.screenSignal(requestID: "share-1", signal: .restart), to: fixture.hub)
        let answer = try await agent.next { if case .screenSignal(id, let r, let s) = $0 { (r, s) } else { nil } }
        #expect(answer == ("share-1", .answer(negotiation: 1, sdp: "v=0\r\n")))
        let restart = try await agent.next { if case .screenSignal(id, _, let s) = $0 { s } else { nil } }
        #expect(restart == .restart)
    }

    @Test("a signal for another request, or after the share ended, is an unknownRequest")
    func otherShareRefused() async throws {
        let (fixture, consumer, agent, id) = try await sharing()
        await agent.send(
            AgentMessage.screenSignal(sessionID: id, requestID: "share-9", signal: .offer(negotiation: 1, sdp: "v=0")),
            to: fixture.hub)
        let other = try await agent.next { if case .error(let report) = $0 { report } else { nil } }
        #expect(other.code == .unknownRequest)
        #expect(other.refType == "screenSignal")
        await consumer.send(ConsumerMessage.screenShareEnd(requestID: "share-1"), to: fixture.hub)
        _ = try await agent.next { if case .screenShareEnd = $0 { true } else { nil } }
        await consumer.send(ConsumerMessage.screenSignal(requestID: "share-1", signal: .restart), to: fixture.hub)
        let ended = try await consumer.next { if case .error(let report) = $0 { report } else { nil } }
        #expect(ended.code == .unknownRequest)
    }

    @Test("the app's window, an app that does not offer the track, and the agent's restart are notAllowed")
    func notAllowed() async throws {
        let (window, _, windowAgent, windowSession) = try await sharing(.appWindow)
        await windowAgent.send(
            AgentMessage.screenSignal(
                sessionID: windowSession, requestID: "share-1", signal: .offer(negotiation: 1, sdp: "v=0")),
            to: window.hub)
        let appWindow = try await windowAgent.next { if case .error(let report) = $0 { report } else { nil } }
        #expect(appWindow.code == .notAllowed)
        #expect(appWindow.message == "the app's own window is shared as pictures, not as a video track")

        let (plain, _, plainAgent, plainSession) = try await sharing(screenVideo: false)
        await plainAgent.send(
            AgentMessage.screenSignal(sessionID: plainSession, requestID: "share-1", signal: .offer(negotiation: 1, sdp: "v=0")),
            to: plain.hub)
        let notOffered = try await plainAgent.next { if case .error(let report) = $0 { report } else { nil } }
        #expect(notOffered.code == .notAllowed)
        #expect(notOffered.message == "the person's app does not send its screen as a video track")

        let (fixture, _, agent, id) = try await sharing()
        await agent.send(AgentMessage.screenSignal(sessionID: id, requestID: "share-1", signal: .restart), to: fixture.hub)
        let restart = try await agent.next { if case .error(let report) = $0 { report } else { nil } }
        #expect(restart.code == .notAllowed)
        #expect(restart.refType == "screenSignal")
    }
}
