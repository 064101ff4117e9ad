import CGtk

extension SignalConnection {
    /// Connects `handler` to a signal whose C handler takes the emitting
    /// instance, one pointer argument the handler does not need, and user
    /// data — such as `GSimpleAction::activate` (the parameter) or
    /// `GObject::notify` (the property's spec).
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @MainActor
    @discardableResult
    public static func connectIgnoringArgument(
        _ instance: UnsafeMutableRawPointer,
        signal: String,
        handler: @escaping @MainActor () -> Void
    ) -> gulong {
        let box = Unmanaged.passRetained(ArgumentHandlerBox(handler)).toOpaque()
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, userData in
            guard let userData else { return }
            MainActor.assumeIsolated {
                Unmanaged<ArgumentHandlerBox>.fromOpaque(userData).takeUnretainedValue().handler()
            }
        }
        let release: GClosureNotify = { userData, _ in
            guard let userData else { return }
            Unmanaged<ArgumentHandlerBox>.fromOpaque(userData).release()
        }
        return g_signal_connect_data(
            instance, signal, unsafeBitCast(trampoline, to: GCallback.self), box, release, GConnectFlags(0))
    }

    /// Connects `handler` to `notify::PROPERTY` of `instance`: it runs each
    /// time the property changes, such as a window's `is-active`.
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @MainActor
    @discardableResult
    public static func connectNotify(
        _ instance: UnsafeMutableRawPointer,
        property: String,
        handler: @escaping @MainActor () -> Void
    ) -> gulong {
        connectIgnoringArgument(instance, signal: "notify::\(property)", handler: handler)
    }
}

/// Holds a signal handler while GLib holds the box.
@MainActor
private final class ArgumentHandlerBox {
    let handler: @MainActor () -> Void

    init(_ handler: @escaping @MainActor () -> Void) {
        self.handler = handler
    }
}
