import CGtk
import Foundation

/// The application's style sheet (`data/assist.css`), applied on top of the
/// system theme to every window on the default display.
@MainActor
public enum StyleSheet {
    /// The style sheet could not be read.
    public struct Unreadable: Error, Sendable, CustomStringConvertible {
        /// The path that was tried.
        public let path: String

        /// Says which file could not be read.
        public var description: String { "The style sheet \(path) could not be read." }
    }

    /// Loads the CSS file at `path` and applies it display-wide, above the
    /// theme. Call once, after `gtk_init` or in `activate`.
    public static func load(path: String) throws(Unreadable) {
        guard FileManager.default.isReadableFile(atPath: path), let display = gdk_display_get_default() else {
            throw Unreadable(path: path)
        }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(
            display, GtkCast.opaque(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
