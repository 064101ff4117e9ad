import AssistCore

/// Drives a ``FramePacer`` on the main actor for a sharer: asks for a
/// capture at once or arms one timer, runs one capture at a time, and
/// gathers the changes that arrive during a capture into one more after it.
/// Time is read from a monotonic clock here, and only here.
@MainActor
final class PacedCaptures {
    private let capture: @MainActor () async -> Void
    private let epoch = ContinuousClock.now
    private var pacer = FramePacer()
    private var scheduled: Task<Void, Never>?
    private var capturing = false
    private var changedWhileCapturing = false
    private var running = false

    /// Pacing for `capture`, which captures and sends one frame; nothing runs
    /// before ``start()``.
    init(capture: @escaping @MainActor () async -> Void) {
        self.capture = capture
    }

    /// Starts pacing with a capture owed now (the first frame is a keyframe).
    func start() {
        running = true
        act(pacer.keyframeRequested(at: now))
    }

    /// Stops: the armed timer is cancelled and nothing more is captured.
    func stop() {
        running = false
        scheduled?.cancel()
        scheduled = nil
    }

    /// What is shown changed: a capture is owed, at the pacer's rate.
    func contentChanged() {
        guard running else { return }
        if capturing {
            changedWhileCapturing = true
            return
        }
        act(pacer.contentChanged(at: now))
    }

    /// A whole picture is needed soon.
    func keyframeRequested() {
        guard running else { return }
        act(pacer.keyframeRequested(at: now))
    }

    private var now: Double {
        let elapsed = ContinuousClock.now - epoch
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func act(_ action: FramePacer.Action) {
        switch action {
        case .none:
            break
        case .captureNow:
            Task { [weak self] in await self?.captureOnce() }
        case .captureAt(let time):
            let delay = Duration.milliseconds(Int64(max(0, (time - now) * 1000).rounded(.up)))
            scheduled?.cancel()
            scheduled = Task { [weak self] in
                try? await Task.sleep(for: delay)
                guard !Task.isCancelled, let self, self.running else { return }
                self.scheduled = nil
                self.act(self.pacer.timerFired(at: self.now))
            }
        }
    }

    private func captureOnce() async {
        guard running, !capturing else { return }
        capturing = true
        pacer.captured(at: now)
        await capture()
        capturing = false
        if changedWhileCapturing, running {
            changedWhileCapturing = false
            act(pacer.contentChanged(at: now))
        }
    }
}
