@testable import AssistServer
import AssistCore
import Testing

@Suite("The hub's share scopes (protocol §12.8)")
struct SupportHubScreenScopeTests {
    @Test("the agent learns which scopes the app offers, and a request for the screen reaches it with its scope")
    func screenRequestRelayed() async throws {
        let fixture = try HubFixture()
        let (consumer, agent, id) = try await fixture.session(shareScopes: [.window, .screen])
        await agent.send(AgentMessage.requestScreenShare(sessionID: id, requestID: "share-1", scope: .screen), to: fixture.hub)
        let scope = try await consumer.next { if case .screenShareRequest("share-1", _, let scope) = $0 { scope } else { nil } }
        #expect(scope == .screen)
        await consumer.send(
            ConsumerMessage.screenShareAnswer(requestID: "share-1", accepted: true, shared: .monitor), to: fixture.hub)
        let shared = try await agent.next {
            if case .consumerAnswered(_, "share-1", .screenShare, true, let shared) = $0 { shared } else { nil }
        }
        #expect(shared == .monitor)
    }

    @Test("a request for the screen of an app that does not offer it is refused with notAllowed and never reaches the app")
    func unofferedScopeRefused() async throws {
        let fixture = try HubFixture()
        let (consumer, agent, id) = try await fixture.session()
        await agent.send(AgentMessage.requestScreenShare(sessionID: id, requestID: "share-1", scope: .screen), to: fixture.hub)
        let refused = try await agent.next { if case .error(let report) = $0 { report } else { nil } }
        #expect(refused.code == .notAllowed)
        #expect(refused.refType == "requestScreenShare")
        #expect(refused.message == "the person's app does not offer to share the screen")
        await agent.send(AgentMessage.requestScreenShare(sessionID: id, requestID: "share-2"), to: fixture.hub)
        let asked = try await consumer.next { if case .screenShareRequest(let r, _, let scope) = $0 { (r, scope) } else { nil } }
        #expect(asked == ("share-2", .window))
    }

    @Test("an answer without what is shared (an older app) is a share of the app's window")
    func oldAnswerIsTheAppWindow() async throws {
        let fixture = try HubFixture()
        let (consumer, agent, id) = try await fixture.session()
        await agent.send(AgentMessage.requestScreenShare(sessionID: id, requestID: "share-1"), to: fixture.hub)
        _ = try await consumer.next { if case .screenShareRequest(let r, _, _) = $0 { r } else { nil } }
        await consumer.send(ConsumerMessage.screenShareAnswer(requestID: "share-1", accepted: true), to: fixture.hub)
        let shared = try await agent.next { if case .consumerAnswered(_, _, _, true, let shared) = $0 { shared } else { nil } }
        #expect(shared == .appWindow)
    }

    @Test("during a share of the screen, control and drawing are refused with notAllowed")
    func screenShareIsViewOnly() async throws {
        let fixture = try HubFixture()
        let (consumer, agent, id) = try await fixture.session(shareScopes: [.window, .screen])
        await agent.send(AgentMessage.requestScreenShare(sessionID: id, requestID: "share-1", scope: .screen), to: fixture.hub)
        _ = try await consumer.next { if case .screenShareRequest(let r, _, _) = $0 { r } else { nil } }
        await consumer.send(
            ConsumerMessage.screenShareAnswer(requestID: "share-1", accepted: true, shared: .window), to: fixture.hub)
        _ = try await agent.next { if case .consumerAnswered(_, _, _, true, let shared) = $0 { shared } else { nil } }
        await agent.send(AgentMessage.requestControl(sessionID: id, requestID: "control-1"), to: fixture.hub)
        let control = try await agent.next { if case .error(let report) = $0 { report } else { nil } }
        #expect(control.code == .notAllowed)
        #expect(control.refType == "requestControl")
        await agent.send(AgentMessage.clearAnnotations(sessionID: id), to: fixture.hub)
        let drawing = try await agent.next { if case .error(let report) = $0 { report } else { nil } }
        #expect(drawing.code == .notAllowed)
        #expect(drawing.refType == "clearAnnotations")
    }
}
