import AssistCore
import CGtk

/// Shows the person's screen, or another program's window, to an agent
/// through the desktop (`docs/protocol.md` §12.8). Installed as
/// ``AssistSDK/screenCapture`` (AssistScreen's `PortalScreenCapture` speaks
/// the ScreenCast portal); without one the app never offers
/// ``ShareScope/screen``, so no agent can ask for it.
@MainActor
public protocol ScreenCapture: AnyObject {
    /// Whether the desktop can share the screen now (its screen-sharing
    /// service answers). Asked before a session connects: the app offers
    /// ``ShareScope/screen`` only when it can, so on a desktop without it the
    /// agent asks for the app's window instead.
    func isAvailable() async -> Bool

    /// How the person picks what to show: in the desktop's dialog
    /// (``choose(parent:restoring:remember:)`` opens it), or the whole
    /// screen with no dialog; the app's prompt says which comes next.
    var pick: ScreenPick { get }

    /// Asks the desktop to let the person pick a monitor or a window, in the
    /// desktop's own dialog over `parent`, and opens the picked source.
    ///
    /// With `token` (a ``ScreenStream/restoreToken`` kept from an earlier
    /// choice) the desktop starts with that choice and shows no dialog, or
    /// shows it when the source is gone. With `remember` the desktop is asked
    /// to keep this choice, and the stream's ``ScreenStream/restoreToken``
    /// says how to restore it.
    ///
    /// - Throws: ``ScreenChoiceError/cancelled`` when the person closed the
    ///   dialog, otherwise why the desktop could not share.
    func choose(
        parent: UnsafeMutablePointer<GtkWindow>?, restoring token: String?, remember: Bool
    ) async throws(ScreenChoiceError) -> any ScreenStream

    /// Whether the desktop can lend an agent a pointer and a keyboard on a
    /// shared screen (`docs/protocol.md` §12.9). Asked with
    /// ``isAvailable()``; the app offers control of the screen only then.
    func canControl() async -> Bool

    /// Asks the desktop, in its own dialog over `parent`, to let the agent
    /// use the person's pointer and keyboard on a source like `stream`'s,
    /// and returns the control with the stream of what it controls — the
    /// share goes on with that stream, so the agent sees what it acts on.
    ///
    /// - Throws: ``ScreenControlError/cancelled`` when the person closed the
    ///   dialog, ``ScreenControlError/interactionNotAllowed`` when they left
    ///   its remote interaction off, otherwise why the desktop could not.
    func control(
        _ stream: any ScreenStream, parent: UnsafeMutablePointer<GtkWindow>?
    ) async throws(ScreenControlError) -> any ScreenControl
}

extension ScreenCapture {
    /// A capture whose choice is made in the desktop's dialog.
    public var pick: ScreenPick { .desktopDialog }

    /// A capture that only shows: no control of the screen.
    public func canControl() async -> Bool { false }

    /// A capture that only shows: always ``ScreenControlError/unavailable``.
    public func control(
        _ stream: any ScreenStream, parent: UnsafeMutablePointer<GtkWindow>?
    ) async throws(ScreenControlError) -> any ScreenControl {
        throw .unavailable
    }
}

/// A monitor or window the person picked, until ``stop()``.
@MainActor
public protocol ScreenStream: AnyObject {
    /// What the person picked: ``SharedSource/monitor`` or ``SharedSource/window``.
    var source: SharedSource { get }
    /// The token that starts this choice again without the desktop's dialog,
    /// when it was chosen with `remember` and the desktop kept it.
    var restoreToken: String? { get }
    /// Starts delivering pictures: `onFrame` gets the newest one on the main
    /// thread whenever what is shown changes (B, G, R, A premultiplied, as
    /// ``PixelBuffer`` says), and `onEnded` is called once if the desktop
    /// ends the stream (the person stopped it there, or the source went).
    func start(onFrame: @escaping @MainActor (PixelBuffer) -> Void, onEnded: @escaping @MainActor () -> Void) throws(ScreenChoiceError)
    /// Ends the stream and the desktop's session at once; no picture is
    /// delivered after it returns. Safe to call twice.
    func stop()
}
