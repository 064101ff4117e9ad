import AssistCore
import CGtk

/// Shows a window to an agent while a share lasts: captures it after GTK
/// paints it (the window's frame clock, so an idle window costs and sends
/// nothing), at most 15 times a second (``FramePacer``), and hands each
/// encoded frame to `send` one at a time.
///
/// When `send` cannot take a frame (offline, or the connection is behind),
/// the next frame is a keyframe, so the agent's picture never mixes frames.
@MainActor
public final class WindowSharer {
    /// The pipeline, exposed to leave widgets out of the picture.
    public let capture: CobrowseCapture
    /// Called after a capture in which the window's pixels changed, with the
    /// tiles that changed, e.g. to clear annotations.
    public var onContentChanged: ([ChangedTile]) -> Void = { _ in }

    private let window: UnsafeMutablePointer<GtkWidget>
    private let send: @MainActor ([UInt8]) async -> Bool
    private let epoch = ContinuousClock.now
    private var pacer = FramePacer()
    private var clock: OpaquePointer?
    private var paintHandler: gulong = 0
    private var mapHandler: gulong = 0
    private var scheduled: Task<Void, Never>?
    private var sending = false
    private var pendingWhileSending = false
    private var running = false

    /// A sharer of `window` for an agent with `permissions`; nothing is
    /// captured before ``start()``.
    public init(
        window: UnsafeMutablePointer<GtkWidget>, permissions: AgentPermissions, rules: MaskingRules,
        send: @escaping @MainActor ([UInt8]) async -> Bool
    ) {
        self.window = window
        self.send = send
        capture = CobrowseCapture(window: window, permissions: permissions, rules: rules)
        g_object_ref(UnsafeMutableRawPointer(window))
    }

    isolated deinit {
        stop()
        g_object_unref(UnsafeMutableRawPointer(window))
    }

    /// Starts sharing: a keyframe now, then a frame after every change.
    public func start() {
        guard !running else { return }
        running = true
        mapHandler = SignalConnection.connect(UnsafeMutableRawPointer(window), signal: "map") { [weak self] in
            self?.windowMapped()
        }
        hookFrameClock()
        capture.requestKeyframe()
        act(pacer.keyframeRequested(at: now))
    }

    /// Stops at once: no frame is captured or sent after this returns.
    public func stop() {
        guard running else { return }
        running = false
        scheduled?.cancel()
        scheduled = nil
        unhookFrameClock()
        if mapHandler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(window), mapHandler) }
        mapHandler = 0
    }

    /// The agent needs a whole picture: the next frame is a keyframe, soon.
    public func requestKeyframe() {
        guard running else { return }
        capture.requestKeyframe()
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
            Task { [weak self] in await self?.captureAndSend() }
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

    private func contentChanged() {
        guard running else { return }
        if sending {
            pendingWhileSending = true
            return
        }
        act(pacer.contentChanged(at: now))
    }

    private func captureAndSend() async {
        guard running, !sending else { return }
        sending = true
        defer { sending = false }
        pacer.captured(at: now)
        let frame: CobrowseFrame?
        do {
            frame = try capture.frame()
        } catch {
            frame = nil
        }
        if let frame {
            let changed = capture.changedTiles
            if !changed.isEmpty { onContentChanged(changed) }
            let delivered = await send(CobrowseFrameCodec.encode(frame))
            if !delivered { capture.requestKeyframe() }
        }
        if pendingWhileSending, running {
            pendingWhileSending = false
            act(pacer.contentChanged(at: now))
        }
    }

    private func windowMapped() {
        hookFrameClock()
        requestKeyframe()
    }

    private func hookFrameClock() {
        guard let current = gtk_widget_get_frame_clock(window), current != clock else { return }
        unhookFrameClock()
        g_object_ref(UnsafeMutableRawPointer(current))
        clock = current
        paintHandler = SignalConnection.connect(UnsafeMutableRawPointer(current), signal: "after-paint") {
            [weak self] in self?.contentChanged()
        }
    }

    private func unhookFrameClock() {
        if let clock {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), paintHandler)
            g_object_unref(UnsafeMutableRawPointer(clock))
        }
        clock = nil
        paintHandler = 0
    }
}
