import AssistServer
import Testing

@Suite("Short-code persistence")
struct ShortCodePersistenceTests {
    @Test(
        "a code and its redemptions survive closing the database and opening it again",
        arguments: StoreEngine.allCases)
    func survivesRestart(engine: StoreEngine) async throws {
        try await engine.withFreshShortCodeDatabase { openNode in
            let time = VirtualTime()
            let issue: ShortCodeIssue
            do {
                let before = ShortCodeFixture(node: try await openNode(), time: time)
                issue = try await before.service.create(auditName: "caller")
                _ = try await before.service.redeem(issue.code, by: .consumer, from: "203.0.113.7")
            }
            time.advance(by: 60)
            let after = ShortCodeFixture(node: try await openNode(), time: time)
            #expect(try await after.service.grant(forSessionToken: issue.sessionToken)?.auditName == "caller")
            let agent = try await after.service.redeem(issue.code, by: .agent, from: "198.51.100.1")
            #expect(agent.sessionToken == issue.sessionToken)
            #expect(agent.correlationID == issue.correlationID)
            await #expect(throws: ShortCodeRefusal.spentShortCode) {
                try await after.service.redeem(issue.code, by: .consumer, from: "203.0.113.7")
            }
        }
    }
}
