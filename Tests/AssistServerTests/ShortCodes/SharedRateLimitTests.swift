@testable import AssistServer
import Logging
import PostgresNIO
import Testing

@Suite("Short-code rate limits counted together by nodes on one PostgreSQL")
struct SharedRateLimitTests {
    private static let address = "203.0.113.7"
    private static let otherAddress = "198.51.100.1"
    private static let wrongCode = "ZZZZ-ZZZZ"
    private static let maxFailures = RedemptionRateLimiter.defaultMaxFailures

    /// What a redemption answered.
    private typealias Outcome = Result<ShortCodeGrant, ShortCodeRefusal>

    /// Runs `body` with two nodes on a new database, on one virtual clock,
    /// and a client of the test's own on that database.
    private static func withTwoNodes(
        _ body: (_ nodes: [ShortCodeFixture], _ time: VirtualTime, _ client: PostgresClient) async throws -> Void
    ) async throws {
        try await StoreEngine.withFreshPostgresShortCodeDatabase { openNode, client in
            let time = VirtualTime()
            let nodes = [
                ShortCodeFixture(node: try await openNode(), time: time),
                ShortCodeFixture(node: try await openNode(), time: time),
            ]
            try await body(nodes, time, client)
        }
    }

    /// The rows of `rate_limit_events`, of every node.
    private static func countedEvents(in client: PostgresClient) async throws -> Int {
        let rows = try await client.query("SELECT count(*) FROM rate_limit_events", logger: Logger(label: "test"))
        var count = 0
        for try await value in rows.decode(Int.self) { count = value }
        return count
    }

    @Test("5 failures split over two nodes: the sixth attempt is refused on either node, a correct code too")
    func failuresSplitOverNodes() async throws {
        try await Self.withTwoNodes { nodes, time, _ in
            let issue = try await nodes[0].service.create()
            for attempt in 0..<Self.maxFailures {
                #expect(await nodes[attempt % 2].redemption(of: Self.wrongCode, from: Self.address) == .failure(.unknownShortCode))
                time.advance(by: 1)
            }
            for node in nodes {
                #expect(await node.redemption(of: issue.code, from: Self.address) == .failure(.tooManyAttempts))
            }
            let elsewhere = try await nodes[1].redemption(of: issue.code, from: Self.otherAddress).get()
            #expect(elsewhere.sessionToken == issue.sessionToken)
        }
    }

    @Test("20 wrong codes sent at once from one address through two nodes: 5 are tried, 15 refused as too many")
    func simultaneousGuessesThroughBothNodes() async throws {
        try await Self.withTwoNodes { nodes, _, client in
            let outcomes = await withTaskGroup(of: Outcome.self) { group in
                for attempt in 0..<20 {
                    group.addTask { await nodes[attempt % 2].redemption(of: Self.wrongCode, from: Self.address) }
                }
                return await group.reduce(into: [Outcome]()) { $0.append($1) }
            }
            let counted = try await Self.countedEvents(in: client)
            #expect(outcomes.count { $0 == .failure(.unknownShortCode) } == Self.maxFailures)
            #expect(outcomes.count { $0 == .failure(.tooManyAttempts) } == 20 - Self.maxFailures)
            #expect(counted == Self.maxFailures)
        }
    }

    @Test("a minute after the oldest failure either node admits the address again; a granted code does not count")
    func windowPassesOnEveryNode() async throws {
        try await Self.withTwoNodes { nodes, time, _ in
            let issue = try await nodes[0].service.create(from: Self.otherAddress)
            for attempt in 0..<Self.maxFailures {
                _ = await nodes[attempt % 2].redemption(of: Self.wrongCode, from: Self.address)
                time.advance(by: 1)
            }
            time.advance(by: 54)
            #expect(await nodes[1].redemption(of: issue.code, from: Self.address) == .failure(.tooManyAttempts))
            time.advance(by: 1)
            let granted = try await nodes[1].redemption(of: issue.code, by: .consumer, from: Self.address).get()
            #expect(granted.sessionToken == issue.sessionToken)
            #expect(await nodes[0].redemption(of: Self.wrongCode, from: Self.address) == .failure(.unknownShortCode))
            #expect(await nodes[1].redemption(of: issue.code, from: Self.address) == .failure(.tooManyAttempts))
        }
    }

    @Test("codes created through two nodes count against one limit per address, until the minute passes")
    func creationsSharedByNodes() async throws {
        try await Self.withTwoNodes { nodes, time, _ in
            for index in 0..<CreationRateLimiter.defaultMaxCodes {
                _ = try await nodes[index % 2].service.create(from: Self.address)
            }
            for node in nodes {
                await #expect(throws: ShortCodeRefusal.tooManyCodes) { try await node.service.create(from: Self.address) }
            }
            _ = try await nodes[1].service.create(from: Self.otherAddress)
            time.advance(by: CreationRateLimiter.defaultWindow)
            _ = try await nodes[1].service.create(from: Self.address)
        }
    }

    @Test("purging on any node deletes every node's counts older than a minute and keeps the younger ones")
    func purgeDeletesOldCounts() async throws {
        try await Self.withTwoNodes { nodes, time, client in
            _ = await nodes[0].redemption(of: Self.wrongCode, from: Self.address)
            _ = try await nodes[1].service.create(from: Self.otherAddress)
            time.advance(by: 30)
            _ = await nodes[1].redemption(of: Self.wrongCode, from: Self.address)
            #expect(try await Self.countedEvents(in: client) == 3)
            time.advance(by: 30)
            try await nodes[0].service.purgeExpired()
            #expect(try await Self.countedEvents(in: client) == 1)
            time.advance(by: 30)
            try await nodes[1].service.purgeExpired()
            #expect(try await Self.countedEvents(in: client) == 0)
        }
    }

    @Test("when the limit cannot be checked in the database, redeeming answers internalError and creating fails")
    func databaseErrorRefuses() async throws {
        try await Self.withTwoNodes { nodes, _, client in
            let issue = try await nodes[0].service.create()
            try await client.query("DROP TABLE rate_limit_events", logger: Logger(label: "test"))
            #expect(await nodes[0].redemption(of: issue.code, from: Self.address) == .failure(.internalError))
            await #expect(throws: PostgresTransactionError.self) { try await nodes[1].service.create(from: Self.address) }
        }
    }
}
