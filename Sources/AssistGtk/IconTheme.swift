import CGtk

/// The icon theme of the default display.
@MainActor
public enum IconTheme {
    /// Looks for icons in `path` too (a folder laid out like
    /// `/usr/share/icons`, e.g. `hicolor/scalable/apps/NAME.svg`), so an
    /// application's own icons resolve before it is installed.
    public static func addSearchPath(_ path: String) {
        guard let display = gdk_display_get_default() else { return }
        gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), path)
    }
}
