import AssistCore
import AssistGtk

/// The pointer and keyboard a started RemoteDesktop session lends, on the
/// stream the person picked in its dialog (`docs/protocol.md` §12.9).
///
/// Input goes through ``RemoteDesktopInput``, one call at a time. Measured
/// with mutter 43: the desktop makes its virtual devices on their first use
/// and may drop that first event, so ``warmUp()`` uses both before the
/// agent's input comes.
@MainActor
final class PortalScreenControl: ScreenControl {
    /// The evdev code of the primary (left) pointer button, `BTN_LEFT`.
    static let primaryButton: Int32 = 0x110
    /// Left Shift, tapped to make the keyboard.
    static let warmUpKeysym: UInt32 = 0xFFE1
    /// How long the desktop takes to make its devices after their first use.
    static let warmUpPause = Duration.milliseconds(500)

    /// The session's stream, which shows what is controlled.
    let stream: any ScreenStream
    private let session: PortalSession
    private let description: StreamDescription
    private let input: RemoteDesktopInput
    private var stopped = false

    /// The control `session` lends on its stream `description`, through
    /// `input`; the stream owns the session (stopping it closes the session).
    init(session: PortalSession, stream description: StreamDescription, input: RemoteDesktopInput) {
        self.session = session
        self.description = description
        self.input = input
        stream = PortalScreenStream(session: session, stream: description, restoreToken: nil)
    }

    /// Uses the pointer and the keyboard harmlessly (a pixel there and back,
    /// Shift tapped) and waits for the desktop; Shift is tapped a second time
    /// once the keyboard exists, because a first tap whose release came
    /// before the device left Shift held (measured: the agent's "hi" arrived
    /// as "HI").
    func warmUp() async {
        guard isLive else { return }
        _ = await input.pointerMotion(dx: 1, dy: 0)
        _ = await input.pointerMotion(dx: -1, dy: 0)
        await tap(Self.warmUpKeysym)
        try? await Task.sleep(for: Self.warmUpPause)
        guard isLive else { return }
        await tap(Self.warmUpKeysym)
    }

    /// Moves the pointer to the stream's point under `x`, `y` of a picture
    /// of `width` × `height`: a monitor's pictures are scaled to the
    /// desktop's coordinates by the size the portal gave; a window's are
    /// monitor-sized with the window at the top left, one to one.
    func movePointer(x: Int, y: Int, inPictureOf width: Int, _ height: Int) async {
        guard isLive else { return }
        var point = (x: Double(x) + 0.5, y: Double(y) + 0.5)
        if description.source == .monitor, let size = description.size, width > 0, height > 0 {
            point = (point.x * Double(size.width) / Double(width), point.y * Double(size.height) / Double(height))
        }
        _ = await input.pointerPosition(node: description.nodeID, x: point.x, y: point.y)
    }

    /// Presses and releases the primary button.
    func click() async {
        guard isLive else { return }
        _ = await input.pointerButton(Self.primaryButton, pressed: true)
        _ = await input.pointerButton(Self.primaryButton, pressed: false)
    }

    /// Presses and releases each keysym in turn.
    func press(keysyms: [UInt32]) async {
        for keysym in keysyms {
            guard isLive else { return }
            await tap(keysym)
        }
    }

    /// Nothing reaches the desktop after this; the session closes with ``stream``.
    func stop() {
        stopped = true
    }

    private func tap(_ keysym: UInt32) async {
        _ = await input.keysym(keysym, pressed: true)
        _ = await input.keysym(keysym, pressed: false)
    }

    private var isLive: Bool { !stopped && !session.isClosed }
}
