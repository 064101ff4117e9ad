@testable import AssistServer
import Foundation
import Testing

@Suite("Short-code service")
struct ShortCodeServiceTests {
    private let address = "203.0.113.7"

    @Test(
        "a code is created grouped, with distinct long token and cid, expiring after the TTL",
        arguments: StoreEngine.allCases)
    func creation(engine: StoreEngine) async throws {
        try await engine.withShortCodeFixture(timeToLive: 120) { fixture in
            let issue = try await fixture.service.create(auditName: "consumer")
            #expect(ShortCodeFormat.canonical(issue.code).map(ShortCodeFormat.grouped) == issue.code)
            #expect(issue.code.count == 9)
            #expect(issue.sessionToken.count == 43)
            #expect(issue.correlationID.count == 32)
            #expect(issue.sessionToken != issue.correlationID)
            #expect(issue.expiresAt == fixture.time.now.addingTimeInterval(120))
            let other = try await fixture.service.create()
            #expect(other.code != issue.code)
            #expect(other.sessionToken != issue.sessionToken)
            #expect(fixture.counter("short_codes_issued") == 2)
        }
    }

    @Test("consumer then agent get the same pair, and then the code is spent (410)", arguments: StoreEngine.allCases)
    func lifecycle(engine: StoreEngine) async throws {
        try await engine.withShortCodeFixture { fixture in
            let issue = try await fixture.service.create(auditName: "consumer")
            let consumer = try await fixture.service.redeem(issue.code.lowercased(), by: .consumer, from: address)
            #expect(consumer == ShortCodeGrant(sessionToken: issue.sessionToken, correlationID: issue.correlationID, auditName: "consumer"))
            let agent = try await fixture.service.redeem(issue.code, by: .agent, from: "198.51.100.1")
            #expect(agent == consumer)
            await #expect(throws: ShortCodeRefusal.spentShortCode) {
                try await fixture.service.redeem(issue.code, by: .consumer, from: address)
            }
            await #expect(throws: ShortCodeRefusal.spentShortCode) {
                try await fixture.service.redeem(issue.code, by: .agent, from: address)
            }
            #expect(fixture.counter("short_codes_redeemed") == 2)
            #expect(fixture.counter("short_codes_rejected") == 2)
        }
    }

    @Test(
        "redeeming again on the same side before the code is spent returns the same pair",
        arguments: StoreEngine.allCases)
    func sameSideRetry(engine: StoreEngine) async throws {
        try await engine.withShortCodeFixture { fixture in
            let issue = try await fixture.service.create()
            let first = try await fixture.service.redeem(issue.code, by: .agent, from: address)
            let retry = try await fixture.service.redeem(issue.code.replacing("-", with: ""), by: .agent, from: address)
            #expect(retry == first)
            #expect(retry.sessionToken == issue.sessionToken)
            #expect(fixture.counter("short_codes_redeemed") == 1)
            let consumer = try await fixture.service.redeem(issue.code, by: .consumer, from: address)
            #expect(consumer == first)
        }
    }

    @Test("a code is refused as expired (410) once the TTL has passed on the clock", arguments: StoreEngine.allCases)
    func expiry(engine: StoreEngine) async throws {
        try await engine.withShortCodeFixture(timeToLive: 300) { fixture in
            let issue = try await fixture.service.create()
            fixture.time.advance(by: 299)
            _ = try await fixture.service.redeem(issue.code, by: .consumer, from: address)
            fixture.time.advance(by: 1)
            await #expect(throws: ShortCodeRefusal.expiredShortCode) {
                try await fixture.service.redeem(issue.code, by: .agent, from: address)
            }
            await #expect(throws: ShortCodeRefusal.expiredShortCode) {
                try await fixture.service.redeem(issue.code, by: .consumer, from: address)
            }
        }
    }

    @Test("an unknown or malformed code is refused as unknown (404)", arguments: StoreEngine.allCases)
    func unknownCode(engine: StoreEngine) async throws {
        try await engine.withShortCodeFixture { fixture in
            let issue = try await fixture.service.create()
            let wrong = issue.code.first == "A" ? "BBBB-BBBB" : "AAAA-AAAA"
            await #expect(throws: ShortCodeRefusal.unknownShortCode) {
                try await fixture.service.redeem(wrong, by: .consumer, from: address)
            }
            await #expect(throws: ShortCodeRefusal.unknownShortCode) {
                try await fixture.service.redeem("not a code", by: .consumer, from: address)
            }
        }
    }

    @Test(
        "after 5 failures an address gets 429 even for a valid code, until a minute has passed",
        arguments: StoreEngine.allCases)
    func rateLimit(engine: StoreEngine) async throws {
        try await engine.withShortCodeFixture(timeToLive: 600) { fixture in
            let issue = try await fixture.service.create()
            for _ in 0..<5 {
                await #expect(throws: ShortCodeRefusal.unknownShortCode) {
                    try await fixture.service.redeem("ZZZZ-ZZZZ", by: .agent, from: address)
                }
                fixture.time.advance(by: 1)
            }
            await #expect(throws: ShortCodeRefusal.tooManyAttempts) {
                try await fixture.service.redeem(issue.code, by: .agent, from: address)
            }
            let elsewhere = try await fixture.service.redeem(issue.code, by: .consumer, from: "198.51.100.1")
            #expect(elsewhere.sessionToken == issue.sessionToken)
            fixture.time.advance(by: 56)
            let granted = try await fixture.service.redeem(issue.code, by: .agent, from: address)
            #expect(granted.sessionToken == issue.sessionToken)
            #expect(fixture.counter("short_codes_rejected") == 6)
        }
    }

    @Test(
        "the hub finds a grant by session token only after the consumer redeemed and before expiry",
        arguments: StoreEngine.allCases)
    func grantForSessionToken(engine: StoreEngine) async throws {
        try await engine.withShortCodeFixture { fixture in
            let issue = try await fixture.service.create()
            #expect(try await fixture.service.grant(forSessionToken: issue.sessionToken) == nil)
            _ = try await fixture.service.redeem(issue.code, by: .consumer, from: address, auditName: "late name")
            let grant = try await fixture.service.grant(forSessionToken: issue.sessionToken)
            #expect(grant == ShortCodeGrant(sessionToken: issue.sessionToken, correlationID: issue.correlationID, auditName: "late name"))
            #expect(try await fixture.service.grant(forSessionToken: "unknown") == nil)
            fixture.time.advance(by: 300)
            #expect(try await fixture.service.grant(forSessionToken: issue.sessionToken) == nil)
        }
    }

    @Test(
        "purging counts each code that expired unspent exactly once, then forgets it after the retention",
        arguments: StoreEngine.allCases)
    func purge(engine: StoreEngine) async throws {
        try await engine.withShortCodeFixture { fixture in
            let unused = try await fixture.service.create()
            let halfUsed = try await fixture.service.create()
            let spent = try await fixture.service.create()
            _ = try await fixture.service.redeem(halfUsed.code, by: .consumer, from: address)
            _ = try await fixture.service.redeem(spent.code, by: .consumer, from: address)
            _ = try await fixture.service.redeem(spent.code, by: .agent, from: address)
            #expect(try await fixture.service.purgeExpired() == 0)
            fixture.time.advance(by: 300)
            #expect(try await fixture.service.purgeExpired() == 2)
            #expect(try await fixture.service.purgeExpired() == 0)
            #expect(fixture.counter("short_codes_expired") == 2)
            await #expect(throws: ShortCodeRefusal.expiredShortCode) {
                try await fixture.service.redeem(unused.code, by: .consumer, from: "198.51.100.1")
            }
            fixture.time.advance(by: ShortCodeService.defaultRetention)
            #expect(try await fixture.service.purgeExpired() == 0)
            await #expect(throws: ShortCodeRefusal.unknownShortCode) {
                try await fixture.service.redeem(unused.code, by: .consumer, from: "198.51.100.1")
            }
            #expect(fixture.counter("short_codes_expired") == 2)
        }
    }

    @Test(
        "creation gives up with noFreeCode when the random source keeps drawing a code in use",
        arguments: StoreEngine.allCases)
    func noFreeCode(engine: StoreEngine) async throws {
        try await engine.withShortCodeFixture(random: StuckGenerator()) { fixture in
            let first = try await fixture.service.create()
            #expect(Set(first.code.replacing("-", with: "")).count == 1)
            await #expect(throws: ShortCodeCreationError.noFreeCode(attempts: ShortCodeService.maxCodeAttempts)) {
                try await fixture.service.create()
            }
            #expect(fixture.counter("short_codes_issued") == 1)
        }
    }

    @Test(
        "wrong codes sent from one address at the same time are limited as if sent one after another",
        arguments: StoreEngine.allCases)
    func simultaneousGuesses(engine: StoreEngine) async throws {
        try await engine.withShortCodeFixture { fixture in
            let address = address
            let refusals = await withTaskGroup(of: ShortCodeRefusal?.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        do throws(ShortCodeRefusal) {
                            _ = try await fixture.service.redeem("ZZZZ-ZZZZ", by: .agent, from: address)
                            return nil
                        } catch {
                            return error
                        }
                    }
                }
                return await group.reduce(into: [ShortCodeRefusal?]()) { $0.append($1) }
            }
            #expect(refusals.count { $0 == .unknownShortCode } == RedemptionRateLimiter.defaultMaxFailures)
            #expect(refusals.count { $0 == .tooManyAttempts } == 20 - RedemptionRateLimiter.defaultMaxFailures)
            #expect(fixture.counter("short_codes_rejected") == 20)
        }
    }
}
