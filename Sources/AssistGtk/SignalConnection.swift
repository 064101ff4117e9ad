import CGtk

/// Connects Swift closures to GObject signals.
///
/// The closure is boxed once and handed to GLib with a retained reference;
/// GLib's destroy notify releases it when the handler is disconnected or the
/// object is finalized, so GLib alone owns the closure's lifetime.
public enum SignalConnection {
    /// Connects `handler` to a signal whose C handler takes only the emitting
    /// instance and user data, such as `GtkButton::clicked` or
    /// `GApplication::activate`.
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    @MainActor
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer,
        signal: String,
        handler: @escaping @MainActor () -> Void
    ) -> gulong {
        let box = Unmanaged.passRetained(SignalHandlerBox(handler)).toOpaque()
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, userData in
            guard let userData else { return }
            MainActor.assumeIsolated {
                Unmanaged<SignalHandlerBox>.fromOpaque(userData).takeUnretainedValue().handler()
            }
        }
        let release: GClosureNotify = { userData, _ in
            guard let userData else { return }
            Unmanaged<SignalHandlerBox>.fromOpaque(userData).release()
        }
        return g_signal_connect_data(
            instance, signal, unsafeBitCast(trampoline, to: GCallback.self), box, release, GConnectFlags(0))
    }
}

extension SignalConnection {
    /// Connects `handler` for the signal's next emission only: the handler
    /// disconnects itself, then runs.
    @MainActor
    public static func connectOnce(
        _ instance: UnsafeMutableRawPointer,
        signal: String,
        handler: @escaping @MainActor () -> Void
    ) {
        let connection = HandlerID()
        connection.value = connect(instance, signal: signal) {
            g_signal_handler_disconnect(instance, connection.value)
            handler()
        }
    }
}

/// The id of a handler, known only after it is connected.
@MainActor
private final class HandlerID {
    var value: gulong = 0
}

/// Holds a signal handler closure while GLib holds the box.
@MainActor
private final class SignalHandlerBox {
    let handler: @MainActor () -> Void

    init(_ handler: @escaping @MainActor () -> Void) {
        self.handler = handler
    }
}
