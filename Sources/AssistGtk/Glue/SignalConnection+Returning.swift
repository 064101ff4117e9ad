import CGtk

extension SignalConnection {
    /// Connects `handler` to a signal whose C handler takes the emitting
    /// instance and user data and returns a boolean, such as
    /// `GtkWindow::close-request` (return `true` to stop the default handler).
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @MainActor
    @discardableResult
    public static func connectReturningBool(
        _ instance: UnsafeMutableRawPointer,
        signal: String,
        handler: @escaping @MainActor () -> Bool
    ) -> gulong {
        let box = Unmanaged.passRetained(ReturningHandlerBox(handler)).toOpaque()
        let trampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, userData in
            guard let userData else { return 0 }
            return MainActor.assumeIsolated {
                Unmanaged<ReturningHandlerBox<() -> Bool>>.fromOpaque(userData).takeUnretainedValue().handler() ? 1 : 0
            }
        }
        return g_signal_connect_data(
            instance, signal, unsafeBitCast(trampoline, to: GCallback.self), box, releaseBox, GConnectFlags(0))
    }

    /// Connects `handler` to `GtkEventControllerKey::key-pressed` of
    /// `controller`; it gets the key and the modifiers held and returns
    /// whether it consumed the key.
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @MainActor
    @discardableResult
    public static func connectKeyPressed(
        _ controller: OpaquePointer,
        handler: @escaping @MainActor (_ keyval: guint, _ modifiers: GdkModifierType) -> Bool
    ) -> gulong {
        let box = Unmanaged.passRetained(ReturningHandlerBox(handler)).toOpaque()
        let trampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, _, modifiers, userData in
            guard let userData else { return 0 }
            return MainActor.assumeIsolated {
                let box = Unmanaged<ReturningHandlerBox<(guint, GdkModifierType) -> Bool>>.fromOpaque(userData)
                return box.takeUnretainedValue().handler(keyval, modifiers) ? 1 : 0
            }
        }
        return g_signal_connect_data(
            UnsafeMutableRawPointer(controller), "key-pressed", unsafeBitCast(trampoline, to: GCallback.self), box,
            releaseBox, GConnectFlags(0))
    }

    /// Connects `handler` to `GtkOverlay::get-child-position` of `overlay`:
    /// it gets an overlay child and the overlay's size and returns where the
    /// child goes, or `nil` to leave it to GTK (halign and valign).
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @MainActor
    @discardableResult
    public static func connectChildPosition(
        _ overlay: UnsafeMutablePointer<GtkWidget>,
        handler: @escaping @MainActor (_ child: UnsafeMutablePointer<GtkWidget>, _ width: Int32, _ height: Int32)
            -> GdkRectangle?
    ) -> gulong {
        let box = Unmanaged.passRetained(ReturningHandlerBox(handler)).toOpaque()
        let trampoline: @convention(c) (
            UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkRectangle>?,
            gpointer?
        ) -> gboolean = { overlay, child, allocation, userData in
            guard let overlay, let child, let allocation, let userData else { return 0 }
            return MainActor.assumeIsolated {
                typealias Handler = (UnsafeMutablePointer<GtkWidget>, Int32, Int32) -> GdkRectangle?
                let box = Unmanaged<ReturningHandlerBox<Handler>>.fromOpaque(userData)
                guard let place = box.takeUnretainedValue().handler(
                    child, gtk_widget_get_width(overlay), gtk_widget_get_height(overlay))
                else { return 0 }
                allocation.pointee = place
                return 1
            }
        }
        return g_signal_connect_data(
            overlay, "get-child-position", unsafeBitCast(trampoline, to: GCallback.self), box, releaseBox,
            GConnectFlags(0))
    }

    /// Connects `handler` to `GtkLabel::activate-link` of `label`; it gets
    /// the link's address and returns whether it opened it (`false` lets
    /// GTK's default handler open it).
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @MainActor
    @discardableResult
    public static func connectActivateLink(
        _ label: UnsafeMutablePointer<GtkWidget>,
        handler: @escaping @MainActor (_ uri: String) -> Bool
    ) -> gulong {
        let box = Unmanaged.passRetained(ReturningHandlerBox(handler)).toOpaque()
        let trampoline: @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> gboolean = {
            _, uri, userData in
            guard let userData, let uri else { return 0 }
            return MainActor.assumeIsolated {
                let box = Unmanaged<ReturningHandlerBox<(String) -> Bool>>.fromOpaque(userData)
                return box.takeUnretainedValue().handler(String(cString: uri)) ? 1 : 0
            }
        }
        return g_signal_connect_data(
            label, "activate-link", unsafeBitCast(trampoline, to: GCallback.self), box, releaseBox, GConnectFlags(0))
    }

    /// Releases a handler box when GLib drops the handler.
    private static let releaseBox: GClosureNotify = { userData, _ in
        guard let userData else { return }
        Unmanaged<AnyObject>.fromOpaque(userData).release()
    }
}

/// Holds a signal handler closure that returns a value, while GLib holds the box.
@MainActor
private final class ReturningHandlerBox<Handler> {
    let handler: Handler

    init(_ handler: Handler) {
        self.handler = handler
    }
}
