/// A token bucket that bounds how fast one connection may send frames:
/// ``burst`` frames at once, refilled at ``framesPerSecond``. Pure: the time
/// is passed in. The endpoint does not close a connection that is over its
/// rate: it stops reading until ``timeUntilNextFrame(at:)`` has passed, so
/// the client's socket backs up and nothing is dropped.
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
        refill(at: now)
        guard tokens >= Self.wholeToken else { return false }
        tokens = max(tokens - 1, 0)
        return true
    }

    /// Gives back the token a frame took, for a frame that turned out to be
    /// free (``FrameCost/acknowledgement``).
    mutating func refund() {
        tokens = min(burst, tokens + 1)
    }

    /// How long from `now` until a frame would be admitted; zero if one would be now.
    mutating func timeUntilNextFrame(at now: ContinuousClock.Instant) -> Duration {
        refill(at: now)
        return tokens >= Self.wholeToken ? .zero : .seconds((1 - tokens) / framesPerSecond)
    }

    /// One token, less the rounding error of adding up elapsed fractions, so
    /// that waiting exactly ``timeUntilNextFrame(at:)`` is always enough.
    private static let wholeToken = 1 - 1e-9

    private mutating func refill(at now: ContinuousClock.Instant) {
        if let last {
            let elapsed = last.duration(to: now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            tokens = min(burst, tokens + max(seconds, 0) * framesPerSecond)
        }
        last = max(last ?? now, now)
    }
}
