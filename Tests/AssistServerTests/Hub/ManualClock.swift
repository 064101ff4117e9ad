import Synchronization

/// (The same manual clock as AssistCoreTests' Reconnection support: test
/// targets share no code.)
///
/// A clock that moves only when a test advances it, so timeouts and retry
/// waits run in virtual time. Tests wait for a sleeper to appear
/// (``nextDeadline()``) before advancing, so no deadline is computed from a
/// time the test has already moved past.
final class ManualClock: Clock, Sendable {
    /// A point in virtual time: the duration since the clock was made.
    struct Instant: InstantProtocol {
        /// Time since the clock was made.
        var offset: Duration

        func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var lastSleeperID = 0
        var sleepers: [Int: Sleeper] = [:]
        var watchers: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    var now: Instant {
        state.withLock { $0.now }
    }

    var minimumResolution: Duration {
        .zero
    }

    /// How many tasks are sleeping on the clock now.
    var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Virtual seconds since the clock was made.
    var elapsedSeconds: Double {
        now.offset.seconds
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            state.lastSleeperID += 1
            return state.lastSleeperID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (ready, watchers) = state.withLock { state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled { return (.failure(CancellationError()), []) }
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    defer { state.watchers = [] }
                    return (nil, state.watchers)
                }
                watchers.forEach { $0.resume() }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The earliest deadline of the current sleepers, waiting until there is one.
    func nextDeadline() async -> Instant {
        while true {
            let earliest = state.withLock { $0.sleepers.values.map(\.deadline).min() }
            if let earliest { return earliest }
            await withCheckedContinuation { continuation in
                let hasSleeper = state.withLock { state in
                    if !state.sleepers.isEmpty { return true }
                    state.watchers.append(continuation)
                    return false
                }
                if hasSleeper { continuation.resume() }
            }
        }
    }

    /// Moves to `instant` and wakes every sleeper whose deadline has come.
    func advance(to instant: Instant) {
        let due = state.withLock { state in
            state.now = max(state.now, instant)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys {
                state.sleepers[id] = nil
            }
            return due.values.map(\.continuation)
        }
        due.forEach { $0.resume() }
    }

    /// Waits for the next sleeper, moves to its deadline, and returns the
    /// virtual seconds elapsed then.
    @discardableResult
    func advanceToNextDeadline() async -> Double {
        advance(to: await nextDeadline())
        return elapsedSeconds
    }
}

extension Duration {
    /// This duration in seconds, as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
