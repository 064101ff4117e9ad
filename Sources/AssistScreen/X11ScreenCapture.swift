import AssistCore
import AssistGtk
import CGtk

/// Shares the whole screen of an X11 desktop that has no ScreenCast portal
/// (`docs/protocol.md` §12.8), through GStreamer's `ximagesrc`: there is no
/// desktop dialog, so the app's prompt says the agent sees the whole screen
/// as soon as the person accepts (``pick`` is ``ScreenPick/wholeScreen``).
///
/// Needs at run time an X display (GTK on its X11 backend) and `ximagesrc`
/// (Debian `gstreamer1.0-plugins-good`). It lends no pointer or keyboard.
@MainActor
public final class X11ScreenCapture: ScreenCapture {
    /// At most this many pictures a second are taken of the screen.
    public static let framesPerSecond = 15

    /// A capture of the default display's screen.
    public init() {}

    /// The whole screen, with no dialog.
    public var pick: ScreenPick { .wholeScreen }

    /// Whether GTK runs on an X display and GStreamer can read its screen.
    public func isAvailable() async -> Bool {
        guard X11Display.name() != nil else { return false }
        do throws(ScreenChoiceError) {
            try ScreenGStreamer.prepare(source: ScreenGStreamer.x11Source)
            return true
        } catch {
            return false
        }
    }

    /// The whole screen, not yet started; nothing is asked of the desktop.
    ///
    /// - Throws: ``ScreenChoiceError/unavailable`` when GTK runs on no X display.
    public func choose(
        parent: UnsafeMutablePointer<GtkWindow>?, restoring token: String?, remember: Bool
    ) async throws(ScreenChoiceError) -> any ScreenStream {
        guard let display = X11Display.name() else { throw .unavailable }
        return X11ScreenStream(display: display)
    }
}

/// The X display GTK runs on.
@MainActor
enum X11Display {
    /// The default display's name (such as `:0`) when it is an X11 one.
    static func name() -> String? {
        guard let display = gdk_display_get_default(),
            g_type_check_instance_is_a(UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self), gdk_x11_display_get_type()) != 0,
            let name = gdk_display_get_name(display)
        else { return nil }
        return String(cString: name)
    }
}

/// The whole screen of an X display, until ``stop()``.
@MainActor
final class X11ScreenStream: ScreenStream {
    let source = SharedSource.monitor
    let restoreToken: String? = nil
    private let display: String
    private var pipeline: ScreenFramePipeline?
    private var onEnded: (@MainActor () -> Void)?
    private var ended = false

    init(display: String) {
        self.display = display
    }

    isolated deinit {
        pipeline?.stop()
    }

    func start(
        onFrame: @escaping @MainActor (PixelBuffer) -> Void, onEnded: @escaping @MainActor () -> Void
    ) throws(ScreenChoiceError) {
        guard pipeline == nil, !ended else { throw .failed(detail: "the screen share was already started or has ended") }
        self.onEnded = onEnded
        let mailbox = ScreenFrameMailbox { [weak self] frame in
            guard let self, !ended else { return }
            onFrame(frame)
        }
        pipeline = try ScreenFramePipeline(
            .x11(display: display, framesPerSecond: X11ScreenCapture.framesPerSecond), frames: mailbox,
            ended: { [weak self] _ in self?.pipelineEnded() })
    }

    func stop() {
        ended = true
        onEnded = nil
        pipeline?.stop()
        pipeline = nil
    }

    private func pipelineEnded() {
        guard !ended else { return }
        let told = onEnded
        stop()
        told?()
    }
}
