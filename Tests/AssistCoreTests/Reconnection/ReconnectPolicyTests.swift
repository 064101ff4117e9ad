import AssistCore
import Foundation
import Testing

@Suite("Reconnect policy")
struct ReconnectPolicyTests {
    private let seedExample = ReconnectPolicy(retryIntervals: [5, 10, 15], maxReconnectTimeouts: [0.1, 1, 10])

    @Test("There is one automatic attempt per retry interval, numbered from 1, waiting that interval")
    func delaysFollowRetryIntervals() {
        #expect(seedExample.maxAttempts == 3)
        #expect((0...4).map(seedExample.delay(beforeAttempt:)) == [nil, 5, 10, 15, nil])
        #expect(seedExample.delay(beforeAttempt: -1) == nil)
    }

    @Test("Each attempt times out after the timeout at its position")
    func timeoutsFollowPosition() {
        #expect((0...4).map(seedExample.timeout(forAttempt:)) == [nil, 0.1, 1, 10, nil])
    }

    @Test("The last timeout serves the attempts beyond the end of the timeouts list")
    func lastTimeoutServesRemainingAttempts() {
        let seedDefault = ReconnectPolicy(retryIntervals: [1, 2, 4, 8, 16, 32], maxReconnectTimeouts: [5])
        #expect((1...7).map(seedDefault.timeout(forAttempt:)) == [5, 5, 5, 5, 5, 5, nil])
        let shorter = ReconnectPolicy(retryIntervals: [2, 5, 10], maxReconnectTimeouts: [7, 8])
        #expect((1...3).map(shorter.timeout(forAttempt:)) == [7, 8, 8])
    }

    @Test("An empty retry list means no automatic attempt at all")
    func emptyRetryIntervalsMeanNoAttempts() {
        let manual = ReconnectPolicy(retryIntervals: [], maxReconnectTimeouts: [5])
        #expect(manual.maxAttempts == 0)
        #expect(manual.delay(beforeAttempt: 1) == nil)
        #expect(manual.timeout(forAttempt: 1) == nil)
    }

    @Test("An empty timeouts list yields no timeout rather than trapping")
    func emptyTimeoutsYieldNil() {
        let policy = ReconnectPolicy(retryIntervals: [1, 2], maxReconnectTimeouts: [])
        #expect(policy.timeout(forAttempt: 1) == nil)
        #expect(policy.delay(beforeAttempt: 2) == 2)
    }

    @Test("Without jitter the jittered delay is exactly the configured interval")
    func noJitterKeepsInterval() {
        var generator = SplitMix64(seed: 1)
        let delays = (1...4).map { seedExample.jitteredDelay(beforeAttempt: $0, using: &generator) }
        #expect(delays == [5, 10, 15, nil])
    }

    @Test("Full jitter draws uniformly between zero and the interval, not the same value each time")
    func fullJitterStaysInBounds() throws {
        let policy = ReconnectPolicy(retryIntervals: [8], maxReconnectTimeouts: [5], jitter: .full)
        var generator = SplitMix64(seed: 99)
        let draws = try (1...1_000).map { _ in try #require(policy.jitteredDelay(beforeAttempt: 1, using: &generator)) }
        #expect(draws.allSatisfy { (0...8).contains($0) })
        #expect(Set(draws).count > 990)
        #expect(draws.contains { $0 < 1 } && draws.contains { $0 > 7 })
        let mean = draws.reduce(0, +) / Double(draws.count)
        #expect(abs(mean - 4) < 0.5)
        #expect(policy.jitteredDelay(beforeAttempt: 2, using: &generator) == nil)
    }

    @Test("Full jitter is reproducible with a seeded generator")
    func fullJitterIsDeterministic() {
        let policy = ReconnectPolicy(retryIntervals: [1, 2, 4, 8, 16, 32], maxReconnectTimeouts: [5], jitter: .full)
        func draws(seed: UInt64) -> [TimeInterval?] {
            var generator = SplitMix64(seed: seed)
            return (1...6).map { policy.jitteredDelay(beforeAttempt: $0, using: &generator) }
        }
        #expect(draws(seed: 42) == draws(seed: 42))
        #expect(draws(seed: 42) != draws(seed: 43))
    }

    @Test("Full jitter leaves intervals that are not positive and finite unchanged")
    func fullJitterToleratesBadIntervals() {
        var generator = SplitMix64(seed: 3)
        #expect(ReconnectJitter.full.applied(to: 0, using: &generator) == 0)
        #expect(ReconnectJitter.full.applied(to: -2, using: &generator) == -2)
        #expect(ReconnectJitter.full.applied(to: .infinity, using: &generator) == .infinity)
        #expect(ReconnectJitter.none.applied(to: 3, using: &generator) == 3)
    }
}
