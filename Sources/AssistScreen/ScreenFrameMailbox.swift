import AssistGtk
import AssistCore
import Synchronization

/// Carries the screen's pictures from the appsink's streaming thread to the
/// main thread, newest only.
///
/// Each picture replaces any the main thread has not taken yet, and one
/// delivery is posted while none is pending: a busy main loop skips pictures
/// instead of queueing them. Once ``close()`` was called nothing more is
/// delivered, even a picture already waiting.
final class ScreenFrameMailbox: Sendable {
    private let state = Mutex(State())
    private let deliver: @Sendable @MainActor (PixelBuffer) -> Void

    private struct State: ~Copyable {
        var waiting: PixelBuffer?
        var deliveryPosted = false
        var closed = false
    }

    /// A mailbox that hands the newest picture to `deliver` on the main thread.
    init(deliver: @escaping @Sendable @MainActor (PixelBuffer) -> Void) {
        self.deliver = deliver
    }

    /// From any thread: keeps `frame` as the newest picture and posts a
    /// delivery unless one is pending or the mailbox is closed.
    func leave(_ frame: PixelBuffer) {
        let mustPost = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.waiting = frame
            defer { state.deliveryPosted = true }
            return !state.deliveryPosted
        }
        guard mustPost else { return }
        MainContext.post { [self] in
            let newest = state.withLock { state -> PixelBuffer? in
                state.deliveryPosted = false
                return state.closed ? nil : state.waiting.take()
            }
            if let newest { deliver(newest) }
        }
    }

    /// Drops the waiting picture and delivers nothing from now on.
    func close() {
        state.withLock { state in
            state.closed = true
            state.waiting = nil
        }
    }
}
