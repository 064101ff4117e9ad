import AssistCore
import CGtk

/// Tells the person one thing that went wrong outside the session — a
/// transcript that could not be saved or printed — in the sentence
/// ``UserFacingError`` gives, with one button to close it (the default,
/// also Escape).
@MainActor
public final class NoticeDialog {
    /// The dialog window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    let closeButton: UnsafeMutablePointer<GtkWidget>

    /// The dialog titled `title`, saying `error`'s sentence, over `parent`;
    /// call ``present()`` to show it.
    public init(title: String, error: UserFacingError, parent: UnsafeMutablePointer<GtkWindow>?) {
        widget = DialogWindow.make(title: title, parent: parent)
        g_object_ref_sink(widget)
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Widgets.setMargins(content, 24)
        gtk_widget_set_size_request(content, 360, -1)
        let heading = Widgets.label(title, classes: ["title-2"])
        let message = Widgets.label(error.message, wrap: true)
        gtk_label_set_selectable(GtkCast.opaque(message), 1)
        closeButton = Widgets.button("_\(error.remedy.label)", classes: ["suggested-action"])
        gtk_widget_set_halign(closeButton, GTK_ALIGN_END)
        gtk_widget_set_margin_top(closeButton, 12)
        Widgets.append(content, heading, message, closeButton)
        let window = GtkCast.pointer(widget, to: GtkWindow.self)
        gtk_window_set_child(window, content)
        gtk_window_set_default_widget(window, closeButton)
        // The button's handler holds the dialog until the window is destroyed
        // (by the button, Escape or the window manager), so a caller may
        // present it and forget it.
        SignalConnection.connect(closeButton, signal: "clicked") { self.close() }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows the dialog with the focus on its button.
    public func present() {
        gtk_window_present(GtkCast.pointer(widget, to: GtkWindow.self))
        gtk_widget_grab_focus(closeButton)
    }

    /// Closes the dialog.
    public func close() {
        gtk_window_destroy(GtkCast.pointer(widget))
    }
}
