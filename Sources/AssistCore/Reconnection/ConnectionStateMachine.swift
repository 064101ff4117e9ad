import Foundation

/// The reconnection rules of a support session, as a value with no I/O, no
/// clock and no randomness: each event returns the ``Action``s a driver must
/// perform.
///
/// The initial connection is not retried: if it fails or times out, `start()`
/// fails and the application is not otherwise told. Once connected, a lost
/// link is reported (``ConnectionEvent/disconnected(reason:)``), then retried
/// under the ``ReconnectPolicy``: each failed attempt is reported as a
/// disconnection, followed by the announcement of the next attempt, or by
/// termination when none is left. A successful attempt restarts the count for
/// the next loss.
///
/// An ``UntrustedCertificateError`` is not retried, automatically or by
/// the application: the certificate will not change by waiting, so the
/// connection terminates with it at once.
///
/// With an empty `retryIntervals` the application is in control: a lost link
/// or a failed attempt is reported and nothing else happens until the
/// application calls ``reconnect(timeout:)``, ``terminate(error:)`` or
/// ``disconnect()``. Those attempts are numbered 1, 2, 3… within one outage,
/// with no upper bound.
///
/// ``reconnect(timeout:)`` makes an attempt now with the given timeout, in
/// place of the pending automatic one: it keeps that attempt's number, so a
/// failure is followed by the next automatic attempt. An attempt already under
/// way is abandoned and replaced, keeping its number. While connected, or
/// before the initial connection is up, it does nothing.
///
/// Every attempt and every retry timer carries an id; events that name an
/// attempt or timer that is no longer current are ignored, and after
/// termination every event is ignored.
public struct ConnectionStateMachine: Sendable {
    private struct Attempt: Sendable {
        let id: AttemptID
        let number: Int
        let timeout: TimeInterval
    }

    private enum State: Sendable {
        case idle
        case connectingInitially(Attempt)
        case connected(AttemptID)
        case waitingToRetry(TimerID, attempt: Int)
        case reconnecting(Attempt)
        case awaitingApplication(attemptsMade: Int)
        case terminated
    }

    /// The rules for automatic reconnection.
    public let policy: ReconnectPolicy
    /// Seconds the initial connection may take. Also bounds automatic
    /// attempts when the policy has no timeout for them.
    public let initialConnectTimeout: TimeInterval

    private var state = State.idle
    private var lastIssuedID = 0

    /// Creates a machine that has not started.
    public init(policy: ReconnectPolicy, initialConnectTimeout: TimeInterval) {
        self.policy = policy
        self.initialConnectTimeout = initialConnectTimeout
    }

    /// The application starts the connection. Fails with
    /// ``ConnectionError/alreadyStarted`` if it was started before, or
    /// ``ConnectionError/ended`` if it was ended before it started.
    public mutating func start() -> Result<[Action], ConnectionError> {
        switch state {
        case .idle:
            let attempt = makeAttempt(number: 0, timeout: initialConnectTimeout)
            state = .connectingInitially(attempt)
            return .success([.openTransport(attempt.id, timeout: attempt.timeout)])
        case .connectingInitially, .connected, .waitingToRetry, .reconnecting, .awaitingApplication:
            return .failure(.alreadyStarted)
        case .terminated:
            return .failure(.ended)
        }
    }

    /// The transport reports that attempt `id` is up.
    public mutating func attemptEstablished(_ id: AttemptID) -> [Action] {
        switch state {
        case .connectingInitially(let attempt) where attempt.id == id:
            state = .connected(id)
            return [.cancelAttemptTimeout(id), .completeStart(.success(())), .emit(.connected)]
        case .reconnecting(let attempt) where attempt.id == id:
            state = .connected(id)
            return [.cancelAttemptTimeout(id), .emit(.reconnected)]
        case .idle, .connectingInitially, .connected, .waitingToRetry, .reconnecting, .awaitingApplication,
            .terminated:
            return []
        }
    }

    /// The transport call of attempt `id` ended: it failed to open, or the
    /// link it opened was lost.
    public mutating func attemptEnded(_ id: AttemptID, reason: any Error) -> [Action] {
        switch state {
        case .connectingInitially(let attempt) where attempt.id == id:
            state = .terminated
            return [.closeAttempt(id), .completeStart(.failure(reason)), .finish]
        case .connected(let current) where current == id:
            return [.closeAttempt(id)] + connectionLost(reason: reason, attemptsMade: 0)
        case .reconnecting(let attempt) where attempt.id == id:
            return [.closeAttempt(id)] + connectionLost(reason: reason, attemptsMade: attempt.number)
        case .idle, .connectingInitially, .connected, .waitingToRetry, .reconnecting, .awaitingApplication,
            .terminated:
            return []
        }
    }

    /// The timeout of attempt `id` passed.
    public mutating func attemptTimedOut(_ id: AttemptID) -> [Action] {
        switch state {
        case .connectingInitially(let attempt) where attempt.id == id,
            .reconnecting(let attempt) where attempt.id == id:
            return attemptEnded(id, reason: ConnectionError.timedOut(after: attempt.timeout))
        case .idle, .connectingInitially, .connected, .waitingToRetry, .reconnecting, .awaitingApplication,
            .terminated:
            return []
        }
    }

    /// The retry timer `id` fired.
    public mutating func retryTimerFired(_ id: TimerID) -> [Action] {
        switch state {
        case .waitingToRetry(let timer, let number) where timer == id:
            let timeout = policy.timeout(forAttempt: number) ?? initialConnectTimeout
            return beginReconnection(number: number, timeout: timeout)
        case .idle, .connectingInitially, .connected, .waitingToRetry, .reconnecting, .awaitingApplication,
            .terminated:
            return []
        }
    }

    /// The application asks for a reconnection attempt now, failing after
    /// `timeout` seconds.
    public mutating func reconnect(timeout: TimeInterval) -> [Action] {
        switch state {
        case .waitingToRetry(let timer, let number):
            return [.cancelRetryTimer(timer)] + beginReconnection(number: number, timeout: timeout)
        case .reconnecting(let attempt):
            return [.closeAttempt(attempt.id)] + beginReconnection(number: attempt.number, timeout: timeout)
        case .awaitingApplication(let attemptsMade):
            return beginReconnection(number: attemptsMade + 1, timeout: timeout)
        case .idle, .connectingInitially, .connected, .terminated:
            return []
        }
    }

    /// The application gives up: the connection ends with `error`.
    public mutating func terminate(error: any Error) -> [Action] {
        end(reason: error)
    }

    /// The application closes the connection on purpose.
    public mutating func disconnect() -> [Action] {
        end(reason: nil)
    }

    private mutating func connectionLost(reason: any Error, attemptsMade: Int) -> [Action] {
        let lost = Action.emit(.disconnected(reason: reason))
        if reason is UntrustedCertificateError {
            state = .terminated
            return [lost, .emit(.terminated(reason: reason)), .finish]
        }
        guard policy.maxAttempts > 0 else {
            state = .awaitingApplication(attemptsMade: attemptsMade)
            return [lost]
        }
        let next = attemptsMade + 1
        guard let interval = policy.delay(beforeAttempt: next) else {
            state = .terminated
            return [lost, .emit(.terminated(reason: reason)), .finish]
        }
        lastIssuedID += 1
        let timer = TimerID(rawValue: lastIssuedID)
        state = .waitingToRetry(timer, attempt: next)
        return [lost, .scheduleRetry(timer, attempt: next, of: policy.maxAttempts, interval: interval)]
    }

    private mutating func beginReconnection(number: Int, timeout: TimeInterval) -> [Action] {
        let attempt = makeAttempt(number: number, timeout: timeout)
        state = .reconnecting(attempt)
        let limit = policy.maxAttempts > 0 ? policy.maxAttempts : nil
        return [.emit(.reconnecting(attempt: number, of: limit)), .openTransport(attempt.id, timeout: timeout)]
    }

    private mutating func end(reason: (any Error)?) -> [Action] {
        let previous = state
        state = .terminated
        switch previous {
        case .idle:
            return [.finish]
        case .connectingInitially(let attempt):
            return [.closeAttempt(attempt.id), .completeStart(.failure(reason ?? ConnectionError.ended)), .finish]
        case .connected(let id):
            return [.closeAttempt(id), .emit(.terminated(reason: reason)), .finish]
        case .waitingToRetry(let timer, _):
            return [.cancelRetryTimer(timer), .emit(.terminated(reason: reason)), .finish]
        case .reconnecting(let attempt):
            return [.closeAttempt(attempt.id), .emit(.terminated(reason: reason)), .finish]
        case .awaitingApplication:
            return [.emit(.terminated(reason: reason)), .finish]
        case .terminated:
            return []
        }
    }

    private mutating func makeAttempt(number: Int, timeout: TimeInterval) -> Attempt {
        lastIssuedID += 1
        return Attempt(id: AttemptID(rawValue: lastIssuedID), number: number, timeout: timeout)
    }
}
