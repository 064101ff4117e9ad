import AssistGtk
import CGtk

/// The app's one window: a header bar and the start page.
@MainActor
final class MainWindow {
    let window: UnsafeMutablePointer<GtkWidget>

    /// Builds the window for `application`; `serverDescription` is the line
    /// that tells the person which support server the app will use.
    init(application: UnsafeMutablePointer<GtkApplication>, serverDescription: String) {
        window = gtk_application_window_new(application)
        let gtkWindow = GtkCast.pointer(window, to: GtkWindow.self)
        gtk_window_set_title(gtkWindow, "Assist")
        gtk_window_set_default_size(gtkWindow, 480, 560)
        gtk_window_set_titlebar(gtkWindow, gtk_header_bar_new())
        gtk_window_set_child(gtkWindow, Self.makeStartPage(serverDescription: serverDescription))
    }

    /// Shows the window and brings it to the front.
    func present() {
        gtk_window_present(GtkCast.pointer(window, to: GtkWindow.self))
    }

    private static func makeStartPage(serverDescription: String) -> UnsafeMutablePointer<GtkWidget> {
        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_start(page, 36)
        gtk_widget_set_margin_end(page, 36)

        let icon = gtk_image_new_from_icon_name("help-browser-symbolic")!
        gtk_image_set_pixel_size(GtkCast.opaque(icon), 96)
        gtk_widget_add_css_class(icon, "dim-label")

        let title = gtk_label_new("Get help from a support agent")!
        gtk_widget_add_css_class(title, "title-1")

        let detail = gtk_label_new(serverDescription)!
        gtk_label_set_wrap(GtkCast.opaque(detail), 1)
        gtk_label_set_justify(GtkCast.opaque(detail), GTK_JUSTIFY_CENTER)
        gtk_widget_add_css_class(detail, "dim-label")

        let box = GtkCast.pointer(page, to: GtkBox.self)
        for child in [icon, title, detail] { gtk_box_append(box, child) }
        return page
    }
}
