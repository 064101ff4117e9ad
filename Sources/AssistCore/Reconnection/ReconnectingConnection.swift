import Foundation

/// Keeps the connection to the support server: opens it, and after it is lost
/// reconnects under a ``ReconnectPolicy``, telling a
/// ``ConnectionStatusDelegate`` and publishing ``events`` as it goes.
///
/// The rules are those of ``ConnectionStateMachine``; this actor performs its
/// actions: it calls the ``ConnectionTransport``, enforces timeouts and waits
/// with the injected clock, applies jitter with the injected random number
/// generator, and calls the delegate. Delegate calls are made one at a time,
/// in the order the events happened.
///
/// A delegate may steer the connection from inside a call, through the
/// ``Connector`` it is handed. The command takes effect at once; calls already
/// queued are still made. For example, reconnecting from
/// ``ConnectionStatusDelegate/onDisconnect(_:reason:)`` starts the attempt at
/// once, and the ``ConnectionStatusDelegate/willRetry(_:attempt:of:connector:)``
/// decided before it still follows.
public actor ReconnectingConnection {
    private struct AttemptTasks {
        let transport: Task<Void, Never>
        let timeout: Task<Void, Never>

        func cancel() {
            transport.cancel()
            timeout.cancel()
        }
    }

    /// The connection's events, in order; the stream finishes when the
    /// connection is over. Meant for one consumer, such as the status banner.
    public nonisolated let events: AsyncStream<ConnectionEvent>

    private let eventSink: AsyncStream<ConnectionEvent>.Continuation
    private let transport: any ConnectionTransport
    private let clock: any Clock<Duration>
    private var random: any RandomNumberGenerator & Sendable
    private weak var delegate: (any ConnectionStatusDelegate)?
    private var machine: ConnectionStateMachine
    private var attempts: [ConnectionStateMachine.AttemptID: AttemptTasks] = [:]
    private var retryTimers: [ConnectionStateMachine.TimerID: Task<Void, Never>] = [:]
    private var pendingStart: CheckedContinuation<Void, any Error>?
    private var lastDelivery: Task<Void, Never>?

    /// Creates a connection that has not started.
    ///
    /// - Parameters:
    ///   - transport: Opens the link; see ``ConnectionTransport``.
    ///   - policy: When and how often a lost connection is retried.
    ///   - initialConnectTimeout: Seconds the initial connection may take.
    ///     Like the values in `policy`, it must be finite and non-negative.
    ///   - delegate: Told of disconnections, retries, reconnections and
    ///     termination; held weakly.
    ///   - clock: Measures timeouts and waits between attempts.
    ///   - random: Draws the jitter of the waits.
    public init(
        transport: any ConnectionTransport,
        policy: ReconnectPolicy,
        initialConnectTimeout: TimeInterval,
        delegate: (any ConnectionStatusDelegate)? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        (events, eventSink) = AsyncStream.makeStream(of: ConnectionEvent.self)
        self.transport = transport
        self.clock = clock
        self.random = random
        self.delegate = delegate
        machine = ConnectionStateMachine(policy: policy, initialConnectTimeout: initialConnectTimeout)
    }

    deinit {
        for tasks in attempts.values {
            tasks.cancel()
        }
        for timer in retryTimers.values {
            timer.cancel()
        }
        eventSink.finish()
    }

    /// A handle to steer this connection, the same kind the delegate is given.
    public nonisolated var connector: Connector {
        Connector(control: self)
    }

    /// Makes the initial connection, and returns once it is up.
    ///
    /// The initial connection is not retried. Cancelling the calling task
    /// does not abandon the attempt, which ends by its timeout at the latest;
    /// ``endSupport()`` abandons it.
    ///
    /// - Throws: The transport's error, ``ConnectionError/timedOut(after:)``
    ///   when it took longer than the initial timeout, the error given to
    ///   ``Connector/terminate(_:)`` or ``ConnectionError/ended`` if the
    ///   connection was ended meanwhile, and ``ConnectionError/alreadyStarted``
    ///   or ``ConnectionError/ended`` when called a second time.
    public func start() async throws {
        let actions = try machine.start().get()
        try await withCheckedThrowingContinuation { continuation in
            pendingStart = continuation
            for action in actions {
                perform(action)
            }
        }
    }

    /// Ends the support session's connection on purpose: no further attempt
    /// is made, and the delegate is told ``ConnectionStatusDelegate/onTerminated(_:reason:)``
    /// with no reason.
    public func endSupport() {
        handle { $0.disconnect() }
    }

    /// Feeds one event to the state machine and performs the actions it
    /// returns, without suspending, so events never interleave.
    func handle(_ event: (inout ConnectionStateMachine) -> [ConnectionStateMachine.Action]) {
        for action in event(&machine) {
            perform(action)
        }
    }

    private func attemptEstablished(_ id: ConnectionStateMachine.AttemptID) {
        handle { $0.attemptEstablished(id) }
    }

    private func attemptEnded(_ id: ConnectionStateMachine.AttemptID, reason: any Error) {
        handle { $0.attemptEnded(id, reason: reason) }
    }

    private func attemptTimedOut(_ id: ConnectionStateMachine.AttemptID) {
        handle { $0.attemptTimedOut(id) }
    }

    private func retryTimerFired(_ id: ConnectionStateMachine.TimerID) {
        retryTimers[id] = nil
        handle { $0.retryTimerFired(id) }
    }

    private func perform(_ action: ConnectionStateMachine.Action) {
        switch action {
        case .openTransport(let id, let timeout):
            attempts[id] = AttemptTasks(
                transport: openTransport(id, timeout: timeout),
                timeout: after(seconds: timeout) { await $0.attemptTimedOut(id) })
        case .cancelAttemptTimeout(let id):
            attempts[id]?.timeout.cancel()
        case .closeAttempt(let id):
            attempts.removeValue(forKey: id)?.cancel()
        case .scheduleRetry(let id, let attempt, let maxAttempts, let interval):
            let delay = jittered(interval)
            publish(.willRetry(inSeconds: delay, attempt: attempt, of: maxAttempts))
            retryTimers[id] = after(seconds: delay) { await $0.retryTimerFired(id) }
        case .cancelRetryTimer(let id):
            retryTimers.removeValue(forKey: id)?.cancel()
        case .completeStart(let result):
            pendingStart?.resume(with: result)
            pendingStart = nil
        case .emit(let event):
            publish(event)
        case .finish:
            eventSink.finish()
        }
    }

    private func jittered(_ interval: TimeInterval) -> TimeInterval {
        var generator = random
        defer { random = generator }
        return machine.policy.jitter.applied(to: interval, using: &generator)
    }

    private func openTransport(_ id: ConnectionStateMachine.AttemptID, timeout: TimeInterval) -> Task<Void, Never> {
        Task { [weak self, transport] in
            do {
                try await transport.connect(timeout: timeout) { [weak self] in await self?.attemptEstablished(id) }
                await self?.attemptEnded(id, reason: ConnectionError.closedByServer)
            } catch {
                await self?.attemptEnded(id, reason: error)
            }
        }
    }

    private func after(
        seconds: TimeInterval,
        _ report: @escaping @Sendable (ReconnectingConnection) async -> Void
    ) -> Task<Void, Never> {
        Task { [weak self, clock] in
            do {
                try await clock.sleep(for: .seconds(seconds))
            } catch {
                return
            }
            guard let self else { return }
            await report(self)
        }
    }

    private func publish(_ event: ConnectionEvent) {
        eventSink.yield(event)
        guard let delegate else { return }
        let previous = lastDelivery
        let connector = connector
        lastDelivery = Task {
            await previous?.value
            await event.deliver(to: delegate, connector: connector)
        }
    }
}
