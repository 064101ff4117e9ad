import CWebKit
import Foundation

/// Tells when the page of a web view first painted content. A script in an
/// isolated world of the top frame (the page's own scripts and its content
/// security policy do not reach it) observes the page's
/// `first-contentful-paint` entry (Paint Timing) and posts its moment on the
/// wall clock: `performance.timeOrigin + startTime`, milliseconds since the
/// epoch, which the benchmark compares with the moment it asked for the load.
@MainActor
final class FirstPaintProbe {
    private static let world = "assist-bench-first-paint"
    private static let handler = "assistBenchFirstPaint"
    private static let script = """
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.name === "first-contentful-paint") {
              window.webkit.messageHandlers.\(handler).postMessage(performance.timeOrigin + entry.startTime);
            }
          }
        }).observe({ type: "paint", buffered: true });
        """

    /// The moment the page last loaded first painted content, milliseconds
    /// since the epoch; `nil` until it did.
    private(set) var paintedAt: Double?
    private let manager: OpaquePointer
    private var signal: gulong = 0

    /// Watches the pages `view` (a `WebKitWebView`) loads from now on.
    init(view: UnsafeMutablePointer<WebKitWebView>) {
        manager = webkit_web_view_get_user_content_manager(view)
        g_object_ref(UnsafeMutableRawPointer(manager))
        webkit_user_content_manager_register_script_message_handler(manager, Self.handler, Self.world)
        let script = webkit_user_script_new_for_world(
            Self.script, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, Self.world,
            nil, nil)
        webkit_user_content_manager_add_script(manager, script)
        webkit_user_script_unref(script)
        let trampoline: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, value, userData in
            guard let userData, let value, jsc_value_is_number(value) != 0 else { return }
            let moment = jsc_value_to_double(value)
            MainActor.assumeIsolated {
                Unmanaged<FirstPaintProbe>.fromOpaque(userData).takeUnretainedValue().paintedAt = moment
            }
        }
        signal = g_signal_connect_data(
            UnsafeMutableRawPointer(manager), "script-message-received::\(Self.handler)",
            unsafeBitCast(trampoline, to: GCallback.self), Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(0))
    }

    isolated deinit {
        g_signal_handler_disconnect(UnsafeMutableRawPointer(manager), signal)
        g_object_unref(UnsafeMutableRawPointer(manager))
    }

    /// Forgets the last page's moment, before the next load.
    func reset() {
        paintedAt = nil
    }

    /// Now on the clock the page reports with, milliseconds since the epoch.
    static var now: Double {
        var moment = timespec()
        clock_gettime(CLOCK_REALTIME, &moment)
        return Double(moment.tv_sec) * 1_000 + Double(moment.tv_nsec) / 1_000_000
    }
}
