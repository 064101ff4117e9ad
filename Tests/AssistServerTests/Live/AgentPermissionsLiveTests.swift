import AssistCore
import AssistServer
import Testing

@Suite("Live server: agent permissions reach the consumer as configured")
struct AgentPermissionsLiveTests {
    @Test("an agent without permission sets arrives without them; one with empty sets arrives with no permission")
    func permissionsPassThrough() async throws {
        let agents = [
            AgentAccount(id: "sam", name: "Sam", token: TestServer.samToken, capacity: 1, destinations: ["support"]),
            AgentAccount(
                id: "kim", name: "Kim", token: "kim-token-0123456789", capacity: 1, destinations: ["billing"],
                permissions: .noPermissions),
        ]
        try await TestServer.run(try TestServer.settings(agents: agents)) { url in
            let (supportConsumer, _) = try await TestServer.consumer(url, destination: "support")
            let (billingConsumer, _) = try await TestServer.consumer(url, destination: "billing")
            let sam = try await TestServer.agent(url)
            let kim = try await TestServer.agent(url, token: "kim-token-0123456789")
            try await sam.send(.acceptNext)
            try await kim.send(.acceptNext)
            let samJoined = try await supportConsumer.expect("sam") { if case .agentJoined(let a) = $0 { a } else { nil } }
            let kimJoined = try await billingConsumer.expect("kim") { if case .agentJoined(let a) = $0 { a } else { nil } }
            #expect(samJoined.permissions == nil)
            #expect(samJoined.effectivePermissions == .implicitDefault)
            #expect(kimJoined.permissions == .noPermissions)
            #expect(kimJoined.effectivePermissions.access(markers: [nil]) == .masked)
        }
    }
}
