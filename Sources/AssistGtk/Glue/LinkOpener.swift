import CGtk

/// Opens web links in the person's browser.
@MainActor
public enum LinkOpener {
    /// Opens `uri` with the default handler, on behalf of the window that
    /// holds `widget` (so the desktop can raise the browser over it).
    public static func open(_ uri: String, from widget: UnsafeMutablePointer<GtkWidget>) {
        let window = gtk_widget_get_root(widget).map { UnsafeMutablePointer<GtkWindow>($0) }
        gtk_show_uri_full(window, uri, guint32(GDK_CURRENT_TIME), nil, nil, nil)
    }
}
