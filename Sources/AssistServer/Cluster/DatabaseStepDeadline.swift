import Synchronization

/// Runs one of a cluster node's database steps (a heartbeat, a try for the
/// lease, a look at the leader) with a deadline, throwing
/// ``DatabaseStepTimedOut`` when it has not finished by then.
///
/// postgres-nio's pool waits for a connection for as long as it takes when
/// the database refuses new ones, and a query on a connection the server
/// dropped may not notice at once; a node waiting so would keep its role,
/// and keep taking connections, while cut off from the database. A step
/// still running at the deadline is cancelled and left to end on its own:
/// it is not awaited, as it may not heed the cancellation.
@discardableResult
func withinDeadline<T: Sendable>(
    _ limit: Duration, on clock: any Clock<Duration> = ContinuousClock(),
    _ step: @escaping @Sendable () async throws -> T
) async throws -> T {
    let outcome = StepOutcome<T>()
    return try await withCheckedThrowingContinuation { continuation in
        outcome.waiting(continuation)
        let work = Task {
            do {
                outcome.finish(.success(try await step()))
            } catch {
                outcome.finish(.failure(error))
            }
        }
        let timer = Task {
            guard (try? await clock.sleep(for: limit)) != nil else { return }
            if outcome.finish(.failure(DatabaseStepTimedOut(limit: limit))) { work.cancel() }
        }
        outcome.whenFinished { timer.cancel() }
    }
}

/// The first outcome of a step or its deadline, handed to the waiting caller once.
private final class StepOutcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var finished = false
        var onFinish: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    func waiting(_ continuation: CheckedContinuation<T, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Runs `action` once an outcome is in (at once if it already is).
    func whenFinished(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            guard !state.finished else { return true }
            state.onFinish = action
            return false
        }
        if now { action() }
    }

    /// Hands `result` to the caller if no outcome came before; whether it did.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let taken = state.withLock { state -> (CheckedContinuation<T, any Error>, (@Sendable () -> Void)?)? in
            guard !state.finished, let continuation = state.continuation else { return nil }
            state.finished = true
            defer { state.onFinish = nil }
            return (continuation, state.onFinish)
        }
        guard let (continuation, onFinish) = taken else { return false }
        continuation.resume(with: result)
        onFinish?()
        return true
    }
}

/// A cluster node's database step that did not finish in time.
struct DatabaseStepTimedOut: Error, CustomStringConvertible {
    var limit: Duration

    var description: String { "the database did not answer within \(limit)" }
}
