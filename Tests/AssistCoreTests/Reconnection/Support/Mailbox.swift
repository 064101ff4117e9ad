import Synchronization

/// A one-reader queue of messages between test code and the code under test:
/// `receive` suspends until a message is sent.
final class Mailbox<Message: Sendable>: Sendable {
    private enum Waiter {
        case cancellable(CheckedContinuation<Message, any Error>)
        case uncancellable(CheckedContinuation<Message, Never>)
    }

    private struct State {
        var queued: [Message] = []
        var waiter: Waiter?
    }

    private let state = Mutex(State())

    /// Hands `message` to the waiting reader, or queues it for the next one.
    func send(_ message: Message) {
        let waiter = state.withLock { state -> Waiter? in
            guard let waiter = state.waiter else {
                state.queued.append(message)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        switch waiter {
        case .cancellable(let continuation):
            continuation.resume(returning: message)
        case .uncancellable(let continuation):
            continuation.resume(returning: message)
        case nil:
            break
        }
    }

    /// The next message; throws `CancellationError` if the task is cancelled
    /// while waiting.
    func receive() async throws -> Message {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Message, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if !state.queued.isEmpty { return .success(state.queued.removeFirst()) }
                    state.waiter = .cancellable(continuation)
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Message, any Error>? in
                guard case .cancellable(let continuation) = state.waiter else { return nil }
                state.waiter = nil
                return continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// The next message, waiting through cancellation.
    func receiveIgnoringCancellation() async -> Message {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Message? in
                if !state.queued.isEmpty { return state.queued.removeFirst() }
                state.waiter = .uncancellable(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
