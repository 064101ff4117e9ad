public import Foundation

/// Counts failed short-code redemptions per client address and refuses an
/// address that failed ``maxFailures`` times within the last ``window``.
///
/// While refused, an address is refused whatever code it sends — a correct
/// code too — otherwise the limit would not slow down guessing. The refusal
/// ends by itself once the oldest counted failure is ``window`` old.
///
/// A value type with the time passed in: it never reads the clock. Memory
/// stays bounded: an address keeps at most ``maxFailures`` timestamps, and
/// addresses whose last failure is older than ``window`` are forgotten at
/// the next failure recorded after a ``window`` has passed since the last
/// sweep.
public struct RedemptionRateLimiter: Sendable {
    /// The default number of failures allowed within ``defaultWindow``: 5.
    public static let defaultMaxFailures = 5
    /// The default window, in seconds: one minute.
    public static let defaultWindow: TimeInterval = 60

    /// Failures allowed within ``window`` before the address is refused.
    public let maxFailures: Int
    /// How far back failures count, in seconds.
    public let window: TimeInterval

    private var failures: [String: [Date]] = [:]
    private var lastSweep: Date?

    /// Creates a limiter that allows `maxFailures` failures per `window` seconds.
    public init(maxFailures: Int = defaultMaxFailures, window: TimeInterval = defaultWindow) {
        precondition(maxFailures > 0 && window > 0, "a rate limit needs at least one failure per positive window")
        self.maxFailures = maxFailures
        self.window = window
    }

    /// Whether `address` may try a code at `now`: fewer than ``maxFailures``
    /// of its failures are younger than ``window``, counting as failures its
    /// `pending` attempts whose answer is not known yet (each may fail, so
    /// attempts made at the same time cannot try more codes than the limit).
    public func permits(_ address: String, at now: Date, pending: Int = 0) -> Bool {
        recentFailures(of: address, at: now).count + pending < maxFailures
    }

    /// Records that `address` sent a code that was refused at `now`.
    public mutating func recordFailure(of address: String, at now: Date) {
        sweepIfDue(at: now)
        var recent = recentFailures(of: address, at: now)
        recent.append(now)
        failures[address] = Array(recent.suffix(maxFailures))
    }

    /// The number of addresses the limiter remembers (for tests and metrics).
    public var trackedAddressCount: Int { failures.count }

    private func recentFailures(of address: String, at now: Date) -> [Date] {
        (failures[address] ?? []).filter { now.timeIntervalSince($0) < window }
    }

    private mutating func sweepIfDue(at now: Date) {
        if let lastSweep, now.timeIntervalSince(lastSweep) < window {
            return
        }
        lastSweep = now
        failures = failures.filter { _, times in
            times.last.map { now.timeIntervalSince($0) < window } ?? false
        }
    }
}
