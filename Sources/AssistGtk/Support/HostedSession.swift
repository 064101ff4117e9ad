import AssistCore
import CGtk

/// A ``SupportController``'s panel placed in a window: the application's
/// (whose content is put back when support closes) or one of Assist's own.
@MainActor
final class HostedSession {
    let controller: SupportController
    private let window: UnsafeMutablePointer<GtkWindow>
    private let ownsWindow: Bool
    private let previousContent: UnsafeMutablePointer<GtkWidget>?

    init(configuration: Configuration, window given: UnsafeMutablePointer<GtkWindow>?) {
        if let given {
            window = given
            ownsWindow = false
            previousContent = gtk_window_get_child(given)
            if let previousContent { g_object_ref(previousContent) }
        } else {
            window = Self.makeWindow()
            ownsWindow = true
            previousContent = nil
        }
        controller = SupportController(
            configuration: configuration, window: window, callMedia: AssistSDK.callMedia,
            screenCapture: AssistSDK.screenCapture)
        gtk_window_set_child(window, controller.panel.widget)
    }

    /// Shows the window and brings it to the front.
    func present() {
        gtk_window_present(window)
    }

    /// Takes the panel out: puts the application's content back, or
    /// destroys Assist's own window.
    func close() {
        if ownsWindow {
            gtk_window_destroy(window)
            return
        }
        gtk_window_set_child(window, previousContent)
        if let previousContent { g_object_unref(previousContent) }
    }

    private static func makeWindow() -> UnsafeMutablePointer<GtkWindow> {
        let widget: UnsafeMutablePointer<GtkWidget>
        if let application = g_application_get_default(), g_type_check_instance_is_a(
            UnsafeMutableRawPointer(application).assumingMemoryBound(to: GTypeInstance.self), gtk_application_get_type()) != 0
        {
            widget = gtk_application_window_new(GtkCast.pointer(application, to: GtkApplication.self))
        } else {
            widget = gtk_window_new()
        }
        let window = GtkCast.pointer(widget, to: GtkWindow.self)
        gtk_window_set_title(window, localized("Support"))
        gtk_window_set_default_size(window, 440, 620)
        gtk_window_set_titlebar(window, gtk_header_bar_new())
        return window
    }
}
