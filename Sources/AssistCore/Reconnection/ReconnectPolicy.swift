import Foundation

/// How a lost connection is retried: how many attempts, how long to wait
/// before each, and how long each may take.
///
/// Attempts are numbered from 1. Attempt `k` waits `retryIntervals[k - 1]`
/// seconds and may take `maxReconnectTimeouts[k - 1]` seconds; when
/// `maxReconnectTimeouts` is the shorter list, its last value serves the
/// remaining attempts. An empty `retryIntervals` turns automatic reconnection
/// off: the application reconnects through its ``Connector``.
///
/// The policy does not validate its values; the configuration loader does.
/// Intervals and timeouts are expected to be finite and non-negative, and
/// `maxReconnectTimeouts` non-empty whenever `retryIntervals` is. A policy
/// that breaks these expectations never traps: an empty
/// `maxReconnectTimeouts` simply yields no timeout.
public struct ReconnectPolicy: Sendable, Hashable {
    /// Seconds to wait before each automatic attempt, one entry per attempt.
    public let retryIntervals: [TimeInterval]
    /// Seconds each attempt may take, matched to `retryIntervals` by position.
    public let maxReconnectTimeouts: [TimeInterval]
    /// How the wait before each attempt is spread out.
    public let jitter: ReconnectJitter

    /// Creates a policy from the configuration's lists, in seconds.
    public init(retryIntervals: [TimeInterval], maxReconnectTimeouts: [TimeInterval], jitter: ReconnectJitter = .none) {
        self.retryIntervals = retryIntervals
        self.maxReconnectTimeouts = maxReconnectTimeouts
        self.jitter = jitter
    }

    /// The number of automatic attempts after a lost connection; zero when
    /// the application controls reconnection.
    public var maxAttempts: Int {
        retryIntervals.count
    }

    /// The configured wait in seconds before attempt `attempt` (1-based), or
    /// `nil` when there is no such automatic attempt.
    public func delay(beforeAttempt attempt: Int) -> TimeInterval? {
        guard isAutomatic(attempt) else { return nil }
        return retryIntervals[attempt - 1]
    }

    /// The time in seconds attempt `attempt` (1-based) may take, or `nil` when
    /// there is no such automatic attempt or no timeout is configured.
    public func timeout(forAttempt attempt: Int) -> TimeInterval? {
        guard isAutomatic(attempt), let last = maxReconnectTimeouts.last else { return nil }
        return attempt <= maxReconnectTimeouts.count ? maxReconnectTimeouts[attempt - 1] : last
    }

    /// The wait in seconds before attempt `attempt` with ``jitter`` applied,
    /// drawing from `generator`: exactly ``delay(beforeAttempt:)`` with
    /// ``ReconnectJitter/none``, uniformly in `0...delay` with
    /// ``ReconnectJitter/full``. `nil` when there is no such attempt.
    public func jitteredDelay(
        beforeAttempt attempt: Int,
        using generator: inout some RandomNumberGenerator
    ) -> TimeInterval? {
        delay(beforeAttempt: attempt).map { jitter.applied(to: $0, using: &generator) }
    }

    private func isAutomatic(_ attempt: Int) -> Bool {
        attempt >= 1 && attempt <= maxAttempts
    }
}
