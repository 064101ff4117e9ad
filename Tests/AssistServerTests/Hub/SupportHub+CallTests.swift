@testable import AssistServer
import AssistCore
import Testing

@Suite("The hub's call relay, on a manual clock")
struct SupportHubCallTests {
    @Test("A call proposed and not answered within 60 s ends with unanswered for both parties")
    func unansweredAfterSixtySeconds() async throws {
        let fixture = try HubFixture()
        let (consumer, agent, id) = try await fixture.session()
        await agent.send(AgentMessage.requestCall(sessionID: id, requestID: "call-1", media: .audio), to: fixture.hub)
        let request = try await consumer.next { if case .callRequest(let r, _, _) = $0 { r } else { nil } }
        #expect(request == "call-1")
        let deadline = await fixture.clock.nextDeadline()
        #expect(deadline.offset == .seconds(60))
        fixture.clock.advance(to: deadline)
        let toConsumer = try await consumer.next { if case .callEnd(let r, let reason) = $0 { (r, reason) } else { nil } }
        #expect(toConsumer == ("call-1", .unanswered))
        let toAgent = try await agent.next { if case .callEnd(_, let r, let reason) = $0 { (r, reason) } else { nil } }
        #expect(toAgent == ("call-1", .unanswered))
        await consumer.send(ConsumerMessage.callAnswer(requestID: "call-1", accepted: true), to: fixture.hub)
        let refused = try await consumer.next { if case .error(let report) = $0 { report } else { nil } }
        #expect(refused.code == .unknownRequest)
        #expect(refused.refType == "callAnswer")
    }

    @Test("An answered call is not ended when its 60 s pass")
    func answeredCallOutlivesTheTimer() async throws {
        let fixture = try HubFixture()
        let (consumer, agent, id) = try await fixture.session()
        await agent.send(AgentMessage.requestCall(sessionID: id, requestID: "call-1", media: .video), to: fixture.hub)
        _ = try await consumer.next { if case .callRequest(let r, _, _) = $0 { r } else { nil } }
        await consumer.send(ConsumerMessage.callAnswer(requestID: "call-1", accepted: true), to: fixture.hub)
        _ = try await agent.next { if case .consumerAnswered(_, _, .call, true, _) = $0 { true } else { nil } }
        let deadline = await fixture.clock.nextDeadline()
        #expect(deadline.offset == .seconds(60))
        fixture.clock.advance(to: deadline.advanced(by: .seconds(1)))
        await agent.send(
            AgentMessage.callSignal(sessionID: id, requestID: "call-1", signal: .offer(negotiation: 1, sdp: "v=0")),
            to: fixture.hub)
        let signal = try await consumer.next { if case .callSignal(_, let s) = $0 { s } else { nil } }
        #expect(signal == .offer(negotiation: 1, sdp: "v=0"))
        #expect(fixture.metrics.render().contains("assist_calls_active 1"))
    }
}
