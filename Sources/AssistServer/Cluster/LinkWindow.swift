import Synchronization

/// How much one node link may have in flight: bytes written but not yet
/// acknowledged by the receiving node as handled (``NodeLinks``). The
/// writer waits while a message would take more than ``capacity``, so a
/// receiver that handles slowly slows its sender's writer, whatever the
/// buffers between them would take.
final class LinkWindow: Sendable {
    private struct State {
        var written: UInt64 = 0
        var acknowledged: UInt64 = 0
        var closed = false
        var waiter: (needed: UInt64, continuation: CheckedContinuation<Void, any Error>)?

        /// Whether `needed` more bytes fit in flight now.
        func fits(_ needed: UInt64, capacity: UInt64) -> Bool {
            let inFlight = written - acknowledged
            return inFlight == 0 || inFlight + needed <= capacity
        }
    }

    /// The most bytes in flight on one link.
    let capacity: UInt64
    private let state = Mutex(State())

    init(capacity: UInt64) {
        self.capacity = capacity
    }

    /// Waits until `count` more bytes fit in flight, then counts them as
    /// written. A message larger than the window goes alone once nothing is
    /// in flight. Throws once the link ended, or when the task is cancelled.
    func reserve(_ count: Int) async throws {
        let needed = UInt64(count)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if state.closed || Task.isCancelled { return .failure(CancellationError()) }
                    if state.fits(needed, capacity: capacity) {
                        state.written += needed
                        return .success(())
                    }
                    state.waiter = (needed, continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            close()
        }
    }

    /// The receiver has handled `total` bytes of this link so far.
    func acknowledge(through total: UInt64) {
        let ready = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            state.acknowledged = max(state.acknowledged, min(total, state.written))
            guard let waiter = state.waiter, state.fits(waiter.needed, capacity: capacity) else { return nil }
            state.waiter = nil
            state.written += waiter.needed
            return waiter.continuation
        }
        ready?.resume()
    }

    /// The link ended: a waiting and every later ``reserve(_:)`` throws.
    func close() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
        waiter?.resume(throwing: CancellationError())
    }
}
