/// Decides when to capture: at most `maximumRate` frames a second, and only after the window changed or a keyframe was asked for. Time is passed in (seconds on a monotonic clock).
///
/// The caller reports events and performs the returned ``Action``: on
/// ``Action/captureNow`` it captures at once and reports ``captured(at:)``;
/// on ``Action/captureAt(_:)`` it arms one timer for that time and reports
/// ``timerFired(at:)`` when it fires. Captures are never closer together than
/// `1 / maximumRate` seconds; changes that arrive sooner are gathered into
/// the one capture scheduled for the end of the interval.
public struct FramePacer: Sendable {
    /// What the caller should do after an event.
    public enum Action: Sendable, Hashable {
        /// Capture the window now.
        case captureNow
        /// Arm a timer for this time (same clock as the events) and report
        /// ``FramePacer/timerFired(at:)`` when it fires.
        case captureAt(Double)
        /// Nothing: no capture is owed, or one is already scheduled.
        case none
    }

    /// The most captures per second.
    public let maximumRate: Double
    /// The shortest time between two captures, in seconds.
    public var interval: Double { 1 / maximumRate }
    /// When the last capture was made (or decided on), if any.
    private var lastCapture: Double?
    /// When the owed capture is scheduled, while one is.
    private var scheduled: Double?

    /// Creates a pacer that has not captured yet.
    ///
    /// - Precondition: `maximumRate` is positive and finite.
    public init(maximumRate: Double = 15) {
        precondition(maximumRate > 0 && maximumRate.isFinite, "the frame rate must be positive and finite")
        self.maximumRate = maximumRate
    }

    /// Whether a capture is owed and scheduled.
    public var isCapturePending: Bool { scheduled != nil }

    /// The window changed: ``Action/captureNow`` if the last capture was at
    /// least one interval ago (or there was none), else ``Action/captureAt(_:)``
    /// the end of that interval the first time, and ``Action/none`` while a
    /// capture is already scheduled.
    public mutating func contentChanged(at now: Double) -> Action {
        if scheduled != nil { return .none }
        if let lastCapture, now < lastCapture + interval {
            let due = lastCapture + interval
            scheduled = due
            return .captureAt(due)
        }
        lastCapture = now
        return .captureNow
    }

    /// The timer armed for a scheduled capture fired: ``Action/captureNow`` if
    /// the capture is still owed and due, ``Action/captureAt(_:)`` again if
    /// the timer fired before it was due, else ``Action/none``.
    public mutating func timerFired(at now: Double) -> Action {
        guard let pending = scheduled else { return .none }
        let due = max(pending, (lastCapture ?? -Double.infinity) + interval)
        if now < due {
            scheduled = due
            return .captureAt(due)
        }
        scheduled = nil
        lastCapture = now
        return .captureNow
    }

    /// The window was captured at `now`, whatever the reason. The next
    /// capture is at least an interval later; a capture already scheduled
    /// stays scheduled (a change may have come after this capture started),
    /// and its timer is moved on if it would come too soon.
    public mutating func captured(at now: Double) {
        lastCapture = max(lastCapture ?? now, now)
    }

    /// A keyframe was asked for: like ``contentChanged(at:)``, since the
    /// keyframe needs a capture.
    public mutating func keyframeRequested(at now: Double) -> Action {
        contentChanged(at: now)
    }
}
