import CGtk

/// The window the app's own dialogs are built in (GTK 4.8 has no
/// GtkAlertDialog): modal, transient for the main window, not resizable,
/// and closed by Escape.
@MainActor
public enum DialogWindow {
    /// A dialog window titled `title`, over `parent` when given.
    public static func make(title: String, parent: UnsafeMutablePointer<GtkWindow>?) -> UnsafeMutablePointer<GtkWidget> {
        let widget = gtk_window_new()!
        let window = GtkCast.pointer(widget, to: GtkWindow.self)
        gtk_window_set_title(window, title)
        gtk_window_set_modal(window, 1)
        gtk_window_set_resizable(window, 0)
        gtk_window_set_destroy_with_parent(window, 1)
        if let parent {
            gtk_window_set_transient_for(window, parent)
        }
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            shortcuts,
            gtk_shortcut_new(gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(0)), gtk_named_action_new("window.close")))
        gtk_widget_add_controller(widget, shortcuts)
        Widgets.addClasses(widget, ["assist-dialog"])
        return widget
    }
}
