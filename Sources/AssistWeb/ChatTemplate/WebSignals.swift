import CWebKit

/// The WebKit signals whose handlers return a value and take arguments
/// AssistGtk's helpers do not cover: `script-dialog`, `decide-policy` and
/// `create`.
@MainActor
enum WebSignals {
    /// Connects `handler` to `WebKitWebView::script-dialog`; it returns
    /// whether it handles the dialog.
    @discardableResult
    static func connectScriptDialog(
        _ view: UnsafeMutableRawPointer, handler: @escaping @MainActor (OpaquePointer) -> Bool
    ) -> gulong {
        let box = Unmanaged.passRetained(Box(handler)).toOpaque()
        let trampoline: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, dialog, userData in
            guard let userData, let dialog else { return 0 }
            return MainActor.assumeIsolated {
                Unmanaged<Box<(OpaquePointer) -> Bool>>.fromOpaque(userData).takeUnretainedValue().handler(dialog) ? 1 : 0
            }
        }
        return g_signal_connect_data(view, "script-dialog", unsafeBitCast(trampoline, to: GCallback.self), box, release, GConnectFlags(0))
    }

    /// Connects `handler` to `WebKitWebView::decide-policy`; it gets the
    /// decision and its type and returns whether it decided.
    @discardableResult
    static func connectDecidePolicy(
        _ view: UnsafeMutableRawPointer, handler: @escaping @MainActor (OpaquePointer, WebKitPolicyDecisionType) -> Bool
    ) -> gulong {
        let box = Unmanaged.passRetained(Box(handler)).toOpaque()
        let trampoline: @convention(c) (gpointer?, OpaquePointer?, WebKitPolicyDecisionType, gpointer?) -> gboolean = {
            _, decision, type, userData in
            guard let userData, let decision else { return 0 }
            return MainActor.assumeIsolated {
                Unmanaged<Box<(OpaquePointer, WebKitPolicyDecisionType) -> Bool>>.fromOpaque(userData).takeUnretainedValue()
                    .handler(decision, type) ? 1 : 0
            }
        }
        return g_signal_connect_data(view, "decide-policy", unsafeBitCast(trampoline, to: GCallback.self), box, release, GConnectFlags(0))
    }

    /// Connects `handler` to `WebKitWebView::create` (a page's
    /// `window.open`); it gets the navigation action. No web view is ever
    /// made: the signal is answered with none.
    @discardableResult
    static func connectCreate(_ view: UnsafeMutableRawPointer, handler: @escaping @MainActor (OpaquePointer) -> Void) -> gulong {
        let box = Unmanaged.passRetained(Box(handler)).toOpaque()
        let trampoline: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> UnsafeMutablePointer<GtkWidget>? = {
            _, action, userData in
            guard let userData, let action else { return nil }
            MainActor.assumeIsolated {
                Unmanaged<Box<(OpaquePointer) -> Void>>.fromOpaque(userData).takeUnretainedValue().handler(action)
            }
            return nil
        }
        return g_signal_connect_data(view, "create", unsafeBitCast(trampoline, to: GCallback.self), box, release, GConnectFlags(0))
    }

    private static let release: GClosureNotify = { userData, _ in
        guard let userData else { return }
        Unmanaged<AnyObject>.fromOpaque(userData).release()
    }

    /// Holds a handler while GLib holds the box.
    @MainActor
    private final class Box<Handler> {
        let handler: Handler
        init(_ handler: Handler) { self.handler = handler }
    }
}
