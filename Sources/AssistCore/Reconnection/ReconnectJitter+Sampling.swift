import Foundation

extension ReconnectJitter {
    /// The wait this jitter makes of a configured `interval` in seconds,
    /// drawing from `generator` when it needs a random value.
    ///
    /// ``none`` returns `interval`; ``full`` returns a value uniformly in
    /// `0...interval`. An interval that is not a positive finite number is
    /// returned unchanged, so a bad configuration never traps here.
    public func applied(to interval: TimeInterval, using generator: inout some RandomNumberGenerator) -> TimeInterval {
        switch self {
        case .none:
            return interval
        case .full:
            guard interval > 0, interval.isFinite else { return interval }
            return TimeInterval.random(in: 0...interval, using: &generator)
        }
    }
}
