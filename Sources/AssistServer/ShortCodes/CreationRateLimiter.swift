public import Foundation

/// Limits how many short codes one client address may create: at most
/// ``maxCodes`` within any ``window``. Without it, one client could fill the
/// code space with live codes and make guessing easier for everyone
/// (protocol.md §10.4–10.5).
///
/// A value type with the time passed in, where ``InMemoryRateLimitLedger``
/// keeps one server's creations. It counts them with the same bounded,
/// self-sweeping window as ``RedemptionRateLimiter`` counts failures.
public struct CreationRateLimiter: Sendable {
    /// The default number of codes per address within ``defaultWindow``: 10.
    public static let defaultMaxCodes = 10
    /// The default window, in seconds: one minute.
    public static let defaultWindow: TimeInterval = 60

    /// Codes one address may create within ``window``.
    public var maxCodes: Int { creations.maxFailures }
    /// How far back creations count, in seconds.
    public var window: TimeInterval { creations.window }

    private var creations: RedemptionRateLimiter

    /// Creates a limiter that allows `rule.maxEvents` codes per `rule.window` seconds.
    init(rule: RateLimitRule) {
        creations = RedemptionRateLimiter(rule: rule)
    }

    /// Whether `address` may create a code at `now`; if so, the code is counted.
    public mutating func admit(_ address: String, at now: Date) -> Bool {
        guard creations.permits(address, at: now) else { return false }
        creations.recordFailure(of: address, at: now)
        return true
    }

    /// Forgets the addresses none of whose creations counts at `now`.
    mutating func forgetIdleAddresses(at now: Date) {
        creations.forgetIdleAddresses(at: now)
    }
}
