@testable import AssistServer
import AssistCore
import Testing

@Suite("The hub and control of a shared screen (protocol §12.9)")
struct SupportHubScreenControlTests {
    /// A session whose app offers the screen (and control of it when
    /// `screenControl`), sharing a monitor with Sam.
    private func sharingMonitor(
        screenControl: Bool
    ) async throws -> (HubFixture, FakeLink<ServerToConsumerMessage>, FakeLink<ServerToAgentMessage>, SessionID) {
        let fixture = try HubFixture()
        let (consumer, agent, id) = try await fixture.session(shareScopes: [.window, .screen], screenControl: screenControl)
        await agent.send(AgentMessage.requestScreenShare(sessionID: id, requestID: "share-1", scope: .screen), to: fixture.hub)
        _ = try await consumer.next { if case .screenShareRequest(let r, _, _) = $0 { r } else { nil } }
        await consumer.send(
            ConsumerMessage.screenShareAnswer(requestID: "share-1", accepted: true, shared: .monitor), to: fixture.hub)
        _ = try await agent.next { if case .consumerAnswered(_, _, _, true, let shared) = $0 { shared } else { nil } }
        return (fixture, consumer, agent, id)
    }

    @Test("the agent learns that the app offers control of the screen")
    func assignmentSaysSo() async throws {
        let offering = try await HubFixture().assignedSession(shareScopes: [.window, .screen], screenControl: true)
        #expect(offering.assignment.screenControl)
        let plain = try await HubFixture().assignedSession(shareScopes: [.window, .screen])
        #expect(!plain.assignment.screenControl)
    }

    @Test("control of a shared monitor reaches an app that offers it, and the agent's input follows the grant")
    func controlRelayedWhenOffered() async throws {
        let (fixture, consumer, agent, id) = try await sharingMonitor(screenControl: true)
        await agent.send(AgentMessage.requestControl(sessionID: id, requestID: "control-1"), to: fixture.hub)
        let asked = try await consumer.next { if case .controlRequest(let r, _) = $0 { r } else { nil } }
        #expect(asked == "control-1")
        await consumer.send(ConsumerMessage.controlAnswer(requestID: "control-1", accepted: true), to: fixture.hub)
        _ = try await agent.next { if case .consumerAnswered(_, "control-1", .control, true, _) = $0 { true } else { nil } }
        await agent.send(
            AgentMessage.input(sessionID: id, inputID: "input-1", event: .click(x: 10, y: 20)), to: fixture.hub)
        let input = try await consumer.next { if case .agentInput(let i, _, let event) = $0 { (i, event) } else { nil } }
        #expect(input == ("input-1", .click(x: 10, y: 20)))
    }

    @Test("control of a shared monitor is refused with notAllowed when the app does not offer it, and drawing always")
    func refusedWhenNotOffered() async throws {
        let (fixture, _, agent, id) = try await sharingMonitor(screenControl: false)
        await agent.send(AgentMessage.requestControl(sessionID: id, requestID: "control-1"), to: fixture.hub)
        let control = try await agent.next { if case .error(let report) = $0 { report } else { nil } }
        #expect(control.code == .notAllowed)
        #expect(control.message == "the person's app does not offer control of the screen or window it shares")
        let (offering, _, controlling, session) = try await sharingMonitor(screenControl: true)
        await controlling.send(AgentMessage.clearAnnotations(sessionID: session), to: offering.hub)
        let drawing = try await controlling.next { if case .error(let report) = $0 { report } else { nil } }
        #expect(drawing.refType == "clearAnnotations")
    }
}
