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
    private var pacing: PacedCaptures?
    private var paints: FrameClockWatch?
    private var mapHandler: gulong = 0
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
        paints = FrameClockWatch(widget: window) { [weak self] in self?.pacing?.contentChanged() }
        pacing = PacedCaptures { [weak self] in await self?.captureAndSend() }
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
        paints?.follow()
        capture.requestKeyframe()
        pacing?.start()
    }

    /// Stops at once: no frame is captured or sent after this returns.
    public func stop() {
        guard running else { return }
        running = false
        pacing?.stop()
        paints?.stop()
        if mapHandler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(window), mapHandler) }
        mapHandler = 0
    }

    /// The agent needs a whole picture: the next frame is a keyframe, soon.
    public func requestKeyframe() {
        guard running else { return }
        capture.requestKeyframe()
        pacing?.keyframeRequested()
    }

    private func captureAndSend() async {
        guard running else { return }
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
    }

    private func windowMapped() {
        paints?.follow()
        requestKeyframe()
    }
}
