import AssistCore
import AssistGtk
import AssistWeb
import CGtk
import CWebKit
import Foundation

/// A window showing an ``AssistWebView`` for tests, and GLib's main
/// context turned until something holds.
@MainActor
struct WebHarness {
    let window: UnsafeMutablePointer<GtkWidget>
    let web: AssistWebView

    /// A presented window of `width` × `height` filled by a new web view.
    init(rules: MaskingRules = MaskingRules(), width: Int32 = 800, height: Int32 = 600) {
        gtk_init()
        web = AssistWebView(rules: rules)
        window = gtk_window_new()
        gtk_window_set_default_size(GtkCast.pointer(window), width, height)
        gtk_window_set_child(GtkCast.pointer(window), web.widget)
        gtk_window_present(GtkCast.pointer(window))
        Self.iterate(for: .seconds(5)) { gtk_widget_get_width(window) > 0 && gtk_widget_get_mapped(window) != 0 }
    }

    /// Destroys the window.
    func close() {
        gtk_window_destroy(GtkCast.pointer(window))
        Self.iterate(for: .milliseconds(50))
    }

    /// Loads `uri` and waits until the page has loaded and reported its parts.
    func load(_ uri: String) -> Bool {
        web.load(uri: uri)
        let view = GtkCast.pointer(web.widget, to: WebKitWebView.self)
        return Self.iterate(for: .seconds(20)) {
            webkit_web_view_is_loading(view) == 0 && web.sharedParts != .concealed
        }
    }

    /// The page's title (what the test pages' scripts write there).
    var title: String {
        webkit_web_view_get_title(GtkCast.pointer(web.widget, to: WebKitWebView.self)).map { String(cString: $0) } ?? ""
    }

    /// Runs `script` in the page's own world, as the page's scripts would.
    func runPageScript(_ script: String) {
        webkit_web_view_evaluate_javascript(
            GtkCast.pointer(web.widget, to: WebKitWebView.self), script, -1, nil, nil, nil, nil, nil)
    }

    /// Turns GLib's main context until `condition` holds or `timeout`
    /// passes; returns whether it held.
    @discardableResult
    static func iterate(for timeout: Duration, until condition: () -> Bool = { false }) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(2_000)
        }
        return condition()
    }
}
