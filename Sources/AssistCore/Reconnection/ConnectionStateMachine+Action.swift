import Foundation

extension ConnectionStateMachine {
    /// Names one transport attempt, so that results of an attempt that is no
    /// longer current are ignored.
    public struct AttemptID: Hashable, Sendable {
        let rawValue: Int
    }

    /// Names one retry timer, so that a timer that was superseded is ignored
    /// when it fires.
    public struct TimerID: Hashable, Sendable {
        let rawValue: Int
    }

    /// What the driver must do after an event, in the order given.
    public enum Action: Sendable {
        /// Start attempt `AttemptID`: call the transport, and report
        /// ``ConnectionStateMachine/attemptTimedOut(_:)`` if it is still
        /// running after `timeout` seconds.
        case openTransport(AttemptID, timeout: TimeInterval)
        /// The attempt is established: stop its timeout, keep its link.
        case cancelAttemptTimeout(AttemptID)
        /// The attempt is over: cancel its transport call and its timeout if
        /// they still run. Every opened attempt is closed exactly once.
        case closeAttempt(AttemptID)
        /// Tell the application that attempt `attempt` of `of` will be made,
        /// and report ``ConnectionStateMachine/retryTimerFired(_:)`` after the
        /// wait: `interval` seconds with the policy's jitter applied. The same
        /// wait is announced and slept.
        case scheduleRetry(TimerID, attempt: Int, of: Int, interval: TimeInterval)
        /// Cancel the retry timer; it will not fire.
        case cancelRetryTimer(TimerID)
        /// Finish the pending `start()` with this result.
        case completeStart(Result<Void, any Error>)
        /// Publish the event and tell the delegate.
        case emit(ConnectionEvent)
        /// The connection is over: no action follows, ever.
        case finish
    }
}
