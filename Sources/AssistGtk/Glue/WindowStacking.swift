import CGtk

/// Keeping a window above other windows — the seed's `isAgentWindowOnTop` —
/// where the display lets an application ask for it.
///
/// On X11 the request is the EWMH `_NET_WM_STATE_ABOVE` state, which window
/// managers (GNOME's Mutter on Xorg, Openbox, Xfwm, KWin) honour. Wayland has
/// no such request: the compositor alone decides what is on top, so there the
/// window stacks like any other.
@MainActor
public enum WindowStacking {
    /// Asks the window manager to keep `window` above others (or to stop).
    /// Returns `false` when the window is not on X11 or not mapped yet,
    /// and nothing was asked.
    @discardableResult
    public static func requestKeepAbove(_ window: UnsafeMutablePointer<GtkWindow>, _ above: Bool = true) -> Bool {
        assist_x11_request_keep_above(window, above ? 1 : 0) != 0
    }

    /// Asks for ``requestKeepAbove(_:_:)`` every time `window` is mapped:
    /// a window manager forgets the state of a window that was hidden.
    ///
    /// It asks twice: when GTK maps the window, and again when the X server
    /// says the window manager mapped it (the surface's `mapped`). A window
    /// manager ignores the request for a window it does not manage yet, and
    /// GTK's map can come before it does — seen as a rare failure of
    /// `WindowStackingTests` while the whole GTK suite ran.
    public static func keepAboveWhenMapped(_ window: UnsafeMutablePointer<GtkWindow>) {
        SignalConnection.connect(window, signal: "map") {
            requestKeepAbove(window)
        }
        SignalConnection.connect(window, signal: "realize") {
            guard let surface = gtk_native_get_surface(GtkCast.opaque(window)) else { return }
            _ = SignalConnection.connectNotify(UnsafeMutableRawPointer(surface), property: "mapped") {
                if gdk_surface_get_mapped(surface) != 0 { requestKeepAbove(window) }
            }
        }
    }

    /// Whether the window manager keeps `window` above others now: what it
    /// made of the request. Always `false` off X11.
    public static func isKeptAbove(_ window: UnsafeMutablePointer<GtkWindow>) -> Bool {
        assist_x11_is_kept_above(window) != 0
    }
}
