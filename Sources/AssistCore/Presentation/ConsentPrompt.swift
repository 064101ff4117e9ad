/// The consent prompt for a screen-share, control or push request, as a
/// state machine: presented at a time the driver passes in, answered once,
/// and declined by default after ``answerTimeout``.
///
/// Each event is a `mutating func` returning the ``ConsentPromptAction`` the
/// driver performs; nothing here reads the clock. The driver schedules a
/// call to ``timeElapsed(now:)`` at ``deadline``. Once the prompt is closed —
/// answered, timed out or withdrawn — every further event returns
/// ``ConsentPromptAction/none``.
public struct ConsentPrompt: Sendable {
    /// Where the prompt stands.
    public enum State: Sendable, Hashable {
        /// Shown, awaiting an answer.
        case open
        /// Closed with this answer; `timedOut` when nobody answered in time.
        case answered(accepted: Bool, timedOut: Bool)
        /// Closed without an answer: the agent withdrew the request or the
        /// session ended.
        case withdrawn
    }

    /// Whole seconds the person has to answer.
    public static let answerSeconds = 30
    /// How long the person has to answer before the prompt declines.
    public static let answerTimeout = Duration.seconds(answerSeconds)

    /// The request shown.
    public let request: ConsentRequest
    /// When the answer becomes Decline unless given before.
    public let deadline: ContinuousClock.Instant
    /// Where the prompt stands.
    public private(set) var state = State.open

    /// A prompt for `request`, shown at `presentedAt`.
    public init(request: ConsentRequest, presentedAt: ContinuousClock.Instant) {
        self.request = request
        self.deadline = presentedAt.advanced(by: Self.answerTimeout)
    }

    /// The person pressed Accept at `now`. Before the deadline this accepts;
    /// at or after it the answer is already Decline.
    public mutating func accept(at now: ContinuousClock.Instant) -> ConsentPromptAction {
        answer(accepted: true, at: now)
    }

    /// The person pressed Decline (or closed the prompt) at `now`.
    public mutating func decline(at now: ContinuousClock.Instant) -> ConsentPromptAction {
        answer(accepted: false, at: now)
    }

    /// Time passed; at or after ``deadline`` an open prompt declines.
    public mutating func timeElapsed(now: ContinuousClock.Instant) -> ConsentPromptAction {
        guard state == .open, now >= deadline else { return .none }
        state = .answered(accepted: false, timedOut: true)
        return .sendAnswer(accepted: false)
    }

    /// The agent withdrew the request (`screenShareEnd`), or the session
    /// ended: an open prompt closes without an answer.
    public mutating func withdraw() -> ConsentPromptAction {
        guard state == .open else { return .none }
        state = .withdrawn
        return .closeWithoutAnswer
    }

    /// Whole seconds left to answer at `now`, for a "Declining in N s" label.
    public func secondsRemaining(at now: ContinuousClock.Instant) -> Int {
        state == .open ? ConnectionBanner.secondsRemaining(until: deadline, at: now) : 0
    }

    private mutating func answer(accepted: Bool, at now: ContinuousClock.Instant) -> ConsentPromptAction {
        guard state == .open else { return .none }
        if now >= deadline {
            return timeElapsed(now: now)
        }
        state = .answered(accepted: accepted, timedOut: false)
        return .sendAnswer(accepted: accepted)
    }
}
