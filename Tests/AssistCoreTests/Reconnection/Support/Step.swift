import AssistCore
import Foundation

/// An action of ``ConnectionStateMachine`` in a form tests can compare.
/// Ids a test cannot know in advance (of the attempt an action opens, of the
/// timer it schedules) are left out; tests read them with
/// ``openedAttempt(_:)`` and ``scheduledTimer(_:)``.
enum Step: Equatable {
    case open(timeout: TimeInterval)
    case cancelTimeout(ConnectionStateMachine.AttemptID)
    case close(ConnectionStateMachine.AttemptID)
    case scheduleRetry(attempt: Int, of: Int, interval: TimeInterval)
    case cancelRetryTimer(ConnectionStateMachine.TimerID)
    case startSucceeded
    case startFailed(String)
    case emit(String)
    case finish

    init(_ action: ConnectionStateMachine.Action) {
        switch action {
        case .openTransport(_, let timeout):
            self = .open(timeout: timeout)
        case .cancelAttemptTimeout(let id):
            self = .cancelTimeout(id)
        case .closeAttempt(let id):
            self = .close(id)
        case .scheduleRetry(_, let attempt, let maxAttempts, let interval):
            self = .scheduleRetry(attempt: attempt, of: maxAttempts, interval: interval)
        case .cancelRetryTimer(let id):
            self = .cancelRetryTimer(id)
        case .completeStart(.success):
            self = .startSucceeded
        case .completeStart(.failure(let error)):
            self = .startFailed("\(error)")
        case .emit(let event):
            self = .emit(event.summary)
        case .finish:
            self = .finish
        }
    }
}

/// The actions as comparable steps.
func steps(_ actions: [ConnectionStateMachine.Action]) -> [Step] {
    actions.map(Step.init)
}

/// The id of the attempt the actions open, if they open one.
func openedAttempt(_ actions: [ConnectionStateMachine.Action]) -> ConnectionStateMachine.AttemptID? {
    actions.lazy.compactMap { action in
        guard case .openTransport(let id, _) = action else { return nil }
        return id
    }.first
}

/// The id of the retry timer the actions schedule, if they schedule one.
func scheduledTimer(_ actions: [ConnectionStateMachine.Action]) -> ConnectionStateMachine.TimerID? {
    actions.lazy.compactMap { action in
        guard case .scheduleRetry(let id, _, _, _) = action else { return nil }
        return id
    }.first
}
