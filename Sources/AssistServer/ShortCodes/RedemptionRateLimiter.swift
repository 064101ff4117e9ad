public import Foundation

/// Counts failed short-code redemptions per client address and refuses an
/// address that failed ``maxFailures`` times within the last ``window``.
///
/// While refused, an address is refused whatever code it sends — a correct
/// code too — otherwise the limit would not slow down guessing. The refusal
/// ends by itself once the oldest counted failure is ``window`` old.
///
/// A value type with the time passed in: it never reads the clock. It
/// decides with its ``RateLimitRule``; it is where ``InMemoryRateLimitLedger``
/// keeps one server's failures. Memory stays bounded: an address keeps at
/// most ``maxFailures`` timestamps, and addresses whose last failure is
/// older than ``window`` are forgotten at the next failure recorded after a
/// ``window`` has passed since the last sweep, or by
/// ``forgetIdleAddresses(at:)``.
public struct RedemptionRateLimiter: Sendable {
    /// The default number of failures allowed within ``defaultWindow``: 5.
    public static let defaultMaxFailures = 5
    /// The default window, in seconds: one minute.
    public static let defaultWindow: TimeInterval = 60

    /// Failures allowed within ``window`` before the address is refused.
    public var maxFailures: Int { rule.maxEvents }
    /// How far back failures count, in seconds.
    public var window: TimeInterval { rule.window }
    /// The rule the limiter decides with.
    let rule: RateLimitRule

    private var failures: [String: [Date]] = [:]
    private var lastSweep: Date?

    /// Creates a limiter that allows `maxFailures` failures per `window` seconds.
    public init(maxFailures: Int = defaultMaxFailures, window: TimeInterval = defaultWindow) {
        self.init(rule: RateLimitRule(maxEvents: maxFailures, window: window))
    }

    /// Creates a limiter that counts failures by `rule`.
    init(rule: RateLimitRule) {
        self.rule = rule
    }

    /// Whether `address` may try a code at `now`: fewer than ``maxFailures``
    /// of its failures are younger than ``window``, counting as failures its
    /// `pending` attempts whose answer is not known yet (each may fail, so
    /// attempts made at the same time cannot try more codes than the limit).
    public func permits(_ address: String, at now: Date, pending: Int = 0) -> Bool {
        rule.admits(recent: recentFailures(of: address, at: now).count, pending: pending)
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

    /// Forgets the addresses none of whose failures counts at `now`.
    mutating func forgetIdleAddresses(at now: Date) {
        lastSweep = now
        failures = failures.filter { _, times in
            times.last.map { rule.counts($0, at: now) } ?? false
        }
    }

    private func recentFailures(of address: String, at now: Date) -> [Date] {
        (failures[address] ?? []).filter { rule.counts($0, at: now) }
    }

    private mutating func sweepIfDue(at now: Date) {
        if let lastSweep, now.timeIntervalSince(lastSweep) < window {
            return
        }
        forgetIdleAddresses(at: now)
    }
}
