import AssistCore
import AssistGtk
import CGtk

/// The screen through whatever the desktop has: its ScreenCast portal (a
/// monitor or a window picked in its dialog, and control through its
/// RemoteDesktop portal), or, on an X11 desktop without one, the whole X
/// screen (``X11ScreenCapture``). What ``isAvailable()`` found decides the
/// rest of the session.
@MainActor
public final class DesktopScreenCapture: ScreenCapture {
    private let portal = PortalScreenCapture()
    private let x11 = X11ScreenCapture()
    private var usesX11 = false

    /// A capture that asks the desktop when a session starts.
    public init() {}

    /// The portal's dialog, or the whole X screen.
    public var pick: ScreenPick { usesX11 ? x11.pick : portal.pick }

    /// Whether the portal can share; without it, whether the X screen can be read.
    public func isAvailable() async -> Bool {
        if await portal.isAvailable() {
            usesX11 = false
            return true
        }
        usesX11 = await x11.isAvailable()
        return usesX11
    }

    /// The portal's dialog, or the whole X screen at once.
    public func choose(
        parent: UnsafeMutablePointer<GtkWindow>?, restoring token: String?, remember: Bool
    ) async throws(ScreenChoiceError) -> any ScreenStream {
        if usesX11 { return try await x11.choose(parent: parent, restoring: token, remember: remember) }
        return try await portal.choose(parent: parent, restoring: token, remember: remember)
    }

    /// Control through the RemoteDesktop portal; none on the X screen.
    public func canControl() async -> Bool {
        usesX11 ? false : await portal.canControl()
    }

    /// The RemoteDesktop portal's dialog.
    ///
    /// - Throws: ``ScreenControlError/unavailable`` on the X screen.
    public func control(
        _ stream: any ScreenStream, parent: UnsafeMutablePointer<GtkWindow>?
    ) async throws(ScreenControlError) -> any ScreenControl {
        if usesX11 { throw .unavailable }
        return try await portal.control(stream, parent: parent)
    }
}
