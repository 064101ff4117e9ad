import CGtk

/// Where the pointer and the keyboard focus are, as far as the app's own
/// windows (its prompts and popovers among them) know: on Wayland a client
/// learns only whether the pointer or the focus is on one of its surfaces,
/// never where its windows lie on the screen.
@MainActor
enum AppWindows {
    /// Whether the pointer is over one of the app's surfaces now.
    static func containPointer() -> Bool {
        guard let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display),
            let pointer = gdk_seat_get_pointer(seat)
        else { return false }
        return gdk_device_get_surface_at_position(pointer, nil, nil) != nil
    }

    /// Whether one of the app's windows has the keyboard focus now.
    static func haveFocus() -> Bool {
        guard let windows = gtk_window_list_toplevels() else { return false }
        defer { g_list_free(windows) }
        var link: UnsafeMutablePointer<GList>? = windows
        while let node = link {
            if let window = node.pointee.data, gtk_window_is_active(window.assumingMemoryBound(to: GtkWindow.self)) != 0 {
                return true
            }
            link = node.pointee.next
        }
        return false
    }
}
