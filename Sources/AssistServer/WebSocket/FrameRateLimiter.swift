/// A token bucket that bounds how fast one connection may send frames:
/// ``burst`` frames at once, refilled at ``framesPerSecond``. Pure: the time
/// is passed in.
struct FrameRateLimiter: Sendable {
    /// Frames per second allowed over time.
    let framesPerSecond: Double
    /// Frames allowed in one burst.
    let burst: Double
    private var tokens: Double
    private var last: ContinuousClock.Instant?

    init(framesPerSecond: Double = 30, burst: Double = 60) {
        self.framesPerSecond = framesPerSecond
        self.burst = burst
        tokens = burst
    }

    /// Takes one frame at `now`: `false` when the connection is over its rate.
    mutating func admit(at now: ContinuousClock.Instant) -> Bool {
        if let last {
            let elapsed = last.duration(to: now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            tokens = min(burst, tokens + max(seconds, 0) * framesPerSecond)
        }
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
