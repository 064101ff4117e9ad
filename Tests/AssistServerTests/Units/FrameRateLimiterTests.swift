@testable import AssistServer
import Testing

@Suite("Per-connection frame rate limit")
struct FrameRateLimiterTests {
    /// Which of the frames at these offsets from a start the limiter admits.
    private func admitted(_ limiter: FrameRateLimiter, atMilliseconds offsets: [Int]) -> [Bool] {
        var limiter = limiter
        let start = ContinuousClock.now
        return offsets.map { limiter.admit(at: start.advanced(by: .milliseconds($0))) }
    }

    @Test("a burst is allowed, the next frame is not, and time refills the bucket")
    func burstThenRefill() {
        let verdicts = admitted(FrameRateLimiter(framesPerSecond: 10, burst: 5), atMilliseconds: [0, 0, 0, 0, 0, 0, 50, 150])
        #expect(verdicts == [true, true, true, true, true, false, false, true])
    }

    @Test("a steady sender under the rate is never refused")
    func steadySender() {
        let verdicts = admitted(FrameRateLimiter(framesPerSecond: 10, burst: 2), atMilliseconds: (0..<100).map { 120 * $0 })
        #expect(verdicts.allSatisfy { $0 })
    }

    @Test("an over-rate sender is told how long to wait, and is admitted after exactly that long")
    func waitUntilNextFrame() {
        var limiter = FrameRateLimiter(framesPerSecond: 10, burst: 1)
        let start = ContinuousClock.now
        let before = limiter.timeUntilNextFrame(at: start)
        let first = limiter.admit(at: start)
        let wait = limiter.timeUntilNextFrame(at: start)
        let early = limiter.admit(at: start.advanced(by: .milliseconds(90)))
        let onTime = limiter.admit(at: start.advanced(by: wait))
        #expect(before == .zero && first)
        #expect(wait > .milliseconds(99) && wait <= .milliseconds(100))
        #expect(!early)
        #expect(onTime)
    }
}

@Suite("What a frame costs against the rate limit")
struct FrameCostTests {
    @Test("a bare ack is free only when it acknowledges something new")
    func acknowledgementIsFreeWhenItMoves() {
        #expect(FrameCost(acknowledgedBefore: 3, acknowledgedNow: 7) == .acknowledgement)
        #expect(FrameCost(acknowledgedBefore: 7, acknowledgedNow: 7) == .counted)
    }

    @Test("a refunded frame gives its token back, up to the burst")
    func refundGivesTheTokenBack() {
        var limiter = FrameRateLimiter(framesPerSecond: 1, burst: 2)
        let now = ContinuousClock.now
        var verdicts = [limiter.admit(at: now), limiter.admit(at: now), limiter.admit(at: now)]
        limiter.refund()
        verdicts.append(limiter.admit(at: now))
        for _ in 0..<3 { limiter.refund() }
        verdicts += [limiter.admit(at: now), limiter.admit(at: now), limiter.admit(at: now)]
        #expect(verdicts == [true, true, false, true, true, true, false])
    }
}
