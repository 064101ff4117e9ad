@testable import AssistServer
import Foundation
import Testing

@Suite("Redemption rate limit")
struct RedemptionRateLimiterTests {
    private let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("an address may fail 5 times; the sixth attempt within a minute is refused")
    func fiveFailuresThenRefused() {
        var limiter = RedemptionRateLimiter()
        for second in 0..<5 {
            let moment = start.addingTimeInterval(TimeInterval(second))
            #expect(limiter.permits("203.0.113.7", at: moment))
            limiter.recordFailure(of: "203.0.113.7", at: moment)
        }
        #expect(!limiter.permits("203.0.113.7", at: start.addingTimeInterval(5)))
        #expect(limiter.permits("198.51.100.1", at: start.addingTimeInterval(5)))
    }

    @Test("attempts whose answer is pending count as failures until they are answered")
    func pendingAttemptsCount() {
        var limiter = RedemptionRateLimiter()
        for second in 0..<3 {
            limiter.recordFailure(of: "a", at: start.addingTimeInterval(TimeInterval(second)))
        }
        #expect(limiter.permits("a", at: start.addingTimeInterval(3), pending: 1))
        #expect(!limiter.permits("a", at: start.addingTimeInterval(3), pending: 2))
        #expect(limiter.permits("a", at: start.addingTimeInterval(62), pending: 4))
        #expect(!limiter.permits("a", at: start.addingTimeInterval(62), pending: 5))
    }

    @Test("the refusal ends a minute after the oldest failure, one failure at a time")
    func refusalSlidesWithTheWindow() {
        var limiter = RedemptionRateLimiter()
        for second in 0..<5 {
            limiter.recordFailure(of: "a", at: start.addingTimeInterval(TimeInterval(second * 10)))
        }
        #expect(!limiter.permits("a", at: start.addingTimeInterval(59.9)))
        #expect(limiter.permits("a", at: start.addingTimeInterval(60)))
        limiter.recordFailure(of: "a", at: start.addingTimeInterval(60))
        #expect(!limiter.permits("a", at: start.addingTimeInterval(69.9)))
        #expect(limiter.permits("a", at: start.addingTimeInterval(70)))
    }

    @Test("addresses idle for over a minute are forgotten")
    func idleAddressesAreForgotten() {
        var limiter = RedemptionRateLimiter()
        for index in 0..<100 {
            limiter.recordFailure(of: "10.0.0.\(index)", at: start)
        }
        #expect(limiter.trackedAddressCount == 100)
        limiter.recordFailure(of: "10.0.1.1", at: start.addingTimeInterval(61))
        #expect(limiter.trackedAddressCount == 1)
        #expect(limiter.permits("10.0.0.1", at: start.addingTimeInterval(61)))
    }

    @Test("a purge forgets the addresses idle for a minute without waiting for another failure")
    func purgeForgetsIdleAddresses() {
        var limiter = RedemptionRateLimiter()
        limiter.recordFailure(of: "10.0.0.1", at: start)
        limiter.recordFailure(of: "10.0.0.2", at: start.addingTimeInterval(30))
        limiter.forgetIdleAddresses(at: start.addingTimeInterval(59))
        #expect(limiter.trackedAddressCount == 2)
        limiter.forgetIdleAddresses(at: start.addingTimeInterval(60))
        #expect(limiter.trackedAddressCount == 1)
        #expect(!limiter.permits("10.0.0.2", at: start.addingTimeInterval(60), pending: 4))
    }
}
