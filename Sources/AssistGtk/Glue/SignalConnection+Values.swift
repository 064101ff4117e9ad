import CGtk

extension SignalConnection {
    /// Connects `handler` to a signal whose C handler takes the emitting
    /// instance, one `int` (or enum) argument and user data — such as
    /// `GtkNativeDialog::response` (the response id) or
    /// `GtkPrintOperation::done` (the result).
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @MainActor
    @discardableResult
    public static func connectInt(
        _ instance: UnsafeMutableRawPointer,
        signal: String,
        handler: @escaping @MainActor (Int32) -> Void
    ) -> gulong {
        let box = Unmanaged.passRetained(ValueHandlerBox(handler)).toOpaque()
        let trampoline: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, userData in
            guard let userData else { return }
            MainActor.assumeIsolated {
                Unmanaged<ValueHandlerBox<(Int32) -> Void>>.fromOpaque(userData).takeUnretainedValue().handler(value)
            }
        }
        return g_signal_connect_data(
            instance, signal, unsafeBitCast(trampoline, to: GCallback.self), box, releaseValueBox, GConnectFlags(0))
    }

    /// Connects `handler` to a signal whose C handler takes the emitting
    /// instance, one pointer and user data — such as
    /// `GtkPrintOperation::begin-print` (the print context).
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @MainActor
    @discardableResult
    public static func connectPointer(
        _ instance: UnsafeMutableRawPointer,
        signal: String,
        handler: @escaping @MainActor (OpaquePointer?) -> Void
    ) -> gulong {
        let box = Unmanaged.passRetained(ValueHandlerBox(handler)).toOpaque()
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, pointer, userData in
            guard let userData else { return }
            MainActor.assumeIsolated {
                Unmanaged<ValueHandlerBox<(OpaquePointer?) -> Void>>.fromOpaque(userData).takeUnretainedValue()
                    .handler(pointer.map(OpaquePointer.init))
            }
        }
        return g_signal_connect_data(
            instance, signal, unsafeBitCast(trampoline, to: GCallback.self), box, releaseValueBox, GConnectFlags(0))
    }

    /// Connects `handler` to a signal whose C handler takes the emitting
    /// instance, one pointer, one `int` and user data — such as
    /// `GtkPrintOperation::draw-page` (the print context and the page number).
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @MainActor
    @discardableResult
    public static func connectPointerInt(
        _ instance: UnsafeMutableRawPointer,
        signal: String,
        handler: @escaping @MainActor (OpaquePointer?, Int32) -> Void
    ) -> gulong {
        let box = Unmanaged.passRetained(ValueHandlerBox(handler)).toOpaque()
        let trampoline: @convention(c) (gpointer?, gpointer?, gint, gpointer?) -> Void = { _, pointer, value, userData in
            guard let userData else { return }
            MainActor.assumeIsolated {
                Unmanaged<ValueHandlerBox<(OpaquePointer?, Int32) -> Void>>.fromOpaque(userData).takeUnretainedValue()
                    .handler(pointer.map(OpaquePointer.init), value)
            }
        }
        return g_signal_connect_data(
            instance, signal, unsafeBitCast(trampoline, to: GCallback.self), box, releaseValueBox, GConnectFlags(0))
    }
}

/// Releases a ``ValueHandlerBox`` when GLib drops the handler.
private let releaseValueBox: GClosureNotify = { userData, _ in
    guard let userData else { return }
    Unmanaged<AnyObject>.fromOpaque(userData).release()
}

/// Holds a signal handler that takes values, while GLib holds the box.
@MainActor
private final class ValueHandlerBox<Handler> {
    let handler: Handler

    init(_ handler: Handler) {
        self.handler = handler
    }
}
