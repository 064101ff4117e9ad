import CGtk

/// The desktop clipboard.
@MainActor
public enum Clipboard {
    /// Puts `text` on the clipboard of the display `widget` is on.
    public static func copy(_ text: String, from widget: UnsafeMutablePointer<GtkWidget>) {
        gdk_clipboard_set_text(gdk_display_get_clipboard(gtk_widget_get_display(widget)), text)
    }
}
