import Foundation

/// Decides what the connection banner shows, from the ``ConnectionEvent``s
/// the connection publishes and the time the driver passes in.
///
/// | Last event | Title | Buttons |
/// |-|-|-|
/// | `connected` | hidden | |
/// | `disconnected` | "Connection lost" | Retry now, Give up |
/// | `willRetry` | "Reconnecting in N s (attempt k of m)", counting down | Retry now, Give up |
/// | `reconnecting` | "Reconnecting… (attempt k of m)" | Give up |
/// | `reconnected` | "Reconnected", for ``reconnectedDisplayDuration``, then hidden | |
/// | `terminated` with a reason | "Could not reconnect" | Start again |
/// | `terminated` on purpose | "Disconnected" | Start again |
///
/// The detail line is the ``UserFacingError`` sentence for the last reason
/// given. When a countdown reaches 0 before the attempt is reported, the
/// title reads "Reconnecting…". The driver calls ``content(at:)`` to render
/// and redraws at ``nextChange(after:)``.
public struct ConnectionBanner: Sendable {
    private enum State: Sendable {
        case hidden
        case lost
        case waiting(deadline: ContinuousClock.Instant, attempt: Int, of: Int)
        case reconnecting(attempt: Int, of: Int?)
        case reconnected(until: ContinuousClock.Instant)
        case ended(UserFacingError?)
    }

    /// How long "Reconnected" stays before the banner hides.
    public static let reconnectedDisplayDuration = Duration.seconds(3)

    private var state = State.hidden
    private var reason: UserFacingError?

    /// A hidden banner.
    public init() {}

    /// Takes in `event`, which happened at `now`.
    public mutating func receive(_ event: ConnectionEvent, at now: ContinuousClock.Instant) {
        switch event {
        case .connected:
            state = .hidden
            reason = nil
        case .disconnected(let error):
            state = .lost
            reason = UserFacingError(error)
        case .willRetry(let seconds, let attempt, let count):
            state = .waiting(deadline: now.advanced(by: .seconds(max(seconds, 0))), attempt: attempt, of: count)
        case .reconnecting(let attempt, let count):
            state = .reconnecting(attempt: attempt, of: count)
        case .reconnected:
            state = .reconnected(until: now.advanced(by: Self.reconnectedDisplayDuration))
            reason = nil
        case .terminated(let error):
            state = .ended(error.map(UserFacingError.init))
            reason = nil
        }
    }

    /// What the banner shows at `now`, or `nil` when it is hidden.
    public func content(at now: ContinuousClock.Instant) -> ConnectionBannerContent? {
        switch state {
        case .hidden:
            return nil
        case .lost:
            return ConnectionBannerContent(
                title: localized("Connection lost"), detail: reason?.message, actions: [.retryNow, .giveUp], tone: .progress)
        case .waiting(let deadline, let attempt, let count):
            let seconds = Self.secondsRemaining(until: deadline, at: now)
            let title =
                seconds > 0
                ? localized("Reconnecting in {seconds} s {attempt}", ["seconds": String(seconds), "attempt": Self.attemptText(attempt, of: count)])
                : localized("Reconnecting… {attempt}", ["attempt": Self.attemptText(attempt, of: count)])
            return ConnectionBannerContent(
                title: title, detail: reason?.message, actions: [.retryNow, .giveUp], tone: .progress)
        case .reconnecting(let attempt, let count):
            return ConnectionBannerContent(
                title: localized("Reconnecting… {attempt}", ["attempt": Self.attemptText(attempt, of: count)]),
                detail: reason?.message, actions: [.giveUp], tone: .progress)
        case .reconnected(let until):
            guard now < until else { return nil }
            return ConnectionBannerContent(title: localized("Reconnected"), detail: nil, actions: [], tone: .success)
        case .ended(let error?):
            return ConnectionBannerContent(
                title: localized("Could not reconnect"), detail: error.message, actions: [.startAgain], tone: .failure)
        case .ended(nil):
            return ConnectionBannerContent(
                title: localized("Disconnected"), detail: localized("The connection to the support server was closed."),
                actions: [.startAgain], tone: .failure)
        }
    }

    /// When, after `now`, ``content(at:)`` next changes by itself (the
    /// countdown ticks, or "Reconnected" hides); `nil` when it only changes
    /// with the next event.
    public func nextChange(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        switch state {
        case .waiting(let deadline, _, _):
            let seconds = Self.secondsRemaining(until: deadline, at: now)
            return seconds > 0 ? deadline.advanced(by: .seconds(-(seconds - 1))) : nil
        case .reconnected(let until):
            return now < until ? until : nil
        case .hidden, .lost, .reconnecting, .ended:
            return nil
        }
    }

    /// The whole seconds left until `deadline` at `now`, rounded up, and 0
    /// once it has passed: 3.2 s left reads 4, so the count reaches 0 only
    /// at the deadline.
    public static func secondsRemaining(until deadline: ContinuousClock.Instant, at now: ContinuousClock.Instant) -> Int {
        let left = now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        return Int(seconds.rounded(.up))
    }

    private static func attemptText(_ attempt: Int, of count: Int?) -> String {
        count.map { localized("(attempt {attempt} of {count})", ["attempt": String(attempt), "count": String($0)]) }
            ?? localized("(attempt {attempt})", ["attempt": String(attempt)])
    }
}
