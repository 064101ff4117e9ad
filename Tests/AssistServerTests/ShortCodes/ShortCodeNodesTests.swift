import AssistServer
import Testing

@Suite("Short codes on servers sharing a database")
struct ShortCodeNodesTests {
    private static let rounds = 25

    @Test(
        "two nodes redeeming a code at once: both consumers get the same pair, one agent of two does, each side counted once",
        arguments: StoreEngine.allCases)
    func simultaneousRedemptions(engine: StoreEngine) async throws {
        try await engine.withFreshShortCodeDatabase { openNode in
            let time = VirtualTime()
            let first = ShortCodeFixture(node: try await openNode(), time: time)
            let second = ShortCodeFixture(node: try await openNode(), time: time)
            for round in 0..<Self.rounds {
                let issue = try await first.service.create()
                let pair = ShortCodeGrant(sessionToken: issue.sessionToken, correlationID: issue.correlationID)
                let address = "198.51.100.\(round)"
                async let consumerOnFirst = first.redemption(of: issue.code, by: .consumer, from: address)
                async let consumerOnSecond = second.redemption(of: issue.code, by: .consumer, from: address)
                #expect(await [consumerOnFirst, consumerOnSecond] == [.success(pair), .success(pair)])
                async let agentOnFirst = first.redemption(of: issue.code, by: .agent, from: address)
                async let agentOnSecond = second.redemption(of: issue.code, by: .agent, from: address)
                let agents = await [agentOnFirst, agentOnSecond]
                #expect(agents.count { $0 == .success(pair) } == 1)
                #expect(agents.count { $0 == .failure(.spentShortCode) } == 1)
            }
            #expect(Self.total("short_codes_redeemed", of: [first, second]) == Double(2 * Self.rounds))
            #expect(Self.total("short_codes_rejected", of: [first, second]) == Double(Self.rounds))
        }
    }

    @Test("two nodes purging at once count each expired code once", arguments: StoreEngine.allCases)
    func simultaneousPurges(engine: StoreEngine) async throws {
        try await engine.withFreshShortCodeDatabase { openNode in
            let time = VirtualTime()
            let first = ShortCodeFixture(node: try await openNode(), time: time)
            let second = ShortCodeFixture(node: try await openNode(), time: time)
            for _ in 0..<Self.rounds { _ = try await first.service.create() }
            time.advance(by: ShortCodeService.defaultTimeToLive)
            async let purgedByFirst = first.service.purgeExpired()
            async let purgedBySecond = second.service.purgeExpired()
            #expect(try await purgedByFirst + purgedBySecond == Self.rounds)
            #expect(Self.total("short_codes_expired", of: [first, second]) == Double(Self.rounds))
        }
    }

    /// The sum of the counter `name` over the nodes' metrics.
    private static func total(_ name: String, of nodes: [ShortCodeFixture]) -> Double {
        nodes.map { $0.counter(name) ?? 0 }.reduce(0, +)
    }
}
