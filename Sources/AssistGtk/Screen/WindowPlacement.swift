import CGtk

/// Where a window lies on its screen — known on X11 only: a Wayland client
/// is never told where its windows are.
@MainActor
enum WindowPlacement {
    /// The screen pixel (root-window coordinates) of `window`'s top left
    /// widget pixel, on an X11 display; `nil` on any other, or before the
    /// window has a surface. The client-side shadow GTK draws around the
    /// window is taken off (`gtk_native_get_surface_transform`).
    static func originOnX11Screen(of window: UnsafeMutablePointer<GtkWidget>) -> (x: Int, y: Int)? {
        guard let native = gtk_widget_get_native(window), let surface = gtk_native_get_surface(native),
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(surface).assumingMemoryBound(to: GTypeInstance.self), gdk_x11_surface_get_type()) != 0,
            let display = gdk_surface_get_display(surface), let xdisplay = gdk_x11_display_get_xdisplay(display)
        else { return nil }
        let xid = gdk_x11_surface_get_xid(surface)
        var x: Int32 = 0
        var y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(xdisplay, xid, XDefaultRootWindow(xdisplay), 0, 0, &x, &y, &child) != 0 else { return nil }
        var shadowX = 0.0
        var shadowY = 0.0
        gtk_native_get_surface_transform(native, &shadowX, &shadowY)
        return (Int(x) + Int(shadowX.rounded()), Int(y) + Int(shadowY.rounded()))
    }
}
