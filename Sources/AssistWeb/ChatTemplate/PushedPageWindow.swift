import AssistCore
import AssistGtk
import CGtk

/// A page an agent pushed (any address the chat template navigates to that
/// is not a chat page), in a window of its own with its own web view — an
/// ``AssistWebView``, so co-browse masks it as any page in the app — while
/// the chat stays where it was.
@MainActor
public final class PushedPageWindow {
    /// The window.
    public let window: UnsafeMutablePointer<GtkWidget>
    /// The window's web view.
    public let page: AssistWebView
    private var retainedWhileOpen: PushedPageWindow?

    /// Opens a window over `parent` showing `uri`; it lives until closed.
    @discardableResult
    public static func open(_ uri: String, over parent: UnsafeMutablePointer<GtkWindow>?) -> PushedPageWindow {
        let opened = PushedPageWindow(uri: uri, parent: parent)
        opened.retainedWhileOpen = opened
        return opened
    }

    private init(uri: String, parent: UnsafeMutablePointer<GtkWindow>?) {
        page = AssistWebView()
        window = gtk_window_new()
        let gtkWindow = GtkCast.pointer(window, to: GtkWindow.self)
        gtk_window_set_title(gtkWindow, localized("Page from the agent"))
        gtk_window_set_default_size(gtkWindow, 900, 700)
        if let parent { gtk_window_set_transient_for(gtkWindow, parent) }
        gtk_window_set_child(gtkWindow, page.widget)
        SignalConnection.connect(window, signal: "destroy") { [weak self] in self?.retainedWhileOpen = nil }
        page.load(uri: uri)
        gtk_window_present(gtkWindow)
    }
}
