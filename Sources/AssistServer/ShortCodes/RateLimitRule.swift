import Foundation

/// The rule of a short-code rate limit: an address may add an event (a
/// failed redemption, a created code) while fewer than ``maxEvents`` of its
/// events are younger than ``window`` seconds, counting every attempt whose
/// answer is still pending as an event.
///
/// The one place both ledgers decide with (``RateLimitLedger``): in memory
/// (``RedemptionRateLimiter``) and in PostgreSQL
/// (``PostgresRateLimitLedger``), which asks the database only for how many
/// events are later than ``horizon(at:)``. Time is passed in.
struct RateLimitRule: Sendable {
    /// Failed redemptions: ``RedemptionRateLimiter/defaultMaxFailures`` a
    /// ``RedemptionRateLimiter/defaultWindow``.
    static let failedRedemptions = RateLimitRule(
        maxEvents: RedemptionRateLimiter.defaultMaxFailures, window: RedemptionRateLimiter.defaultWindow)
    /// Created codes: ``CreationRateLimiter/defaultMaxCodes`` a
    /// ``CreationRateLimiter/defaultWindow``.
    static let codeCreations = RateLimitRule(
        maxEvents: CreationRateLimiter.defaultMaxCodes, window: CreationRateLimiter.defaultWindow)

    /// Events allowed within ``window``; one more is refused.
    let maxEvents: Int
    /// How far back events count, in seconds.
    let window: TimeInterval

    /// A rule allowing `maxEvents` events per `window` seconds; both positive.
    init(maxEvents: Int, window: TimeInterval) {
        precondition(maxEvents > 0 && window > 0, "a rate limit needs at least one event per positive window")
        self.maxEvents = maxEvents
        self.window = window
    }

    /// The moment at or before which an event no longer counts at `now`:
    /// ``window`` seconds earlier.
    func horizon(at now: Date) -> Date {
        now.addingTimeInterval(-window)
    }

    /// Whether an event at `event` still counts at `now`.
    func counts(_ event: Date, at now: Date) -> Bool {
        event > horizon(at: now)
    }

    /// Whether one more event is admitted while `recent` events count and
    /// `pending` attempts are unanswered: each pending attempt may still
    /// turn out an event, so attempts made at the same time cannot together
    /// exceed the limit.
    func admits(recent: Int, pending: Int = 0) -> Bool {
        recent + pending < maxEvents
    }
}
