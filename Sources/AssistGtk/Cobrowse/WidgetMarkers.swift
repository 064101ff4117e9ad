import CGtk

/// Permission markers and masking tags kept on GTK widgets themselves, as
/// GObject data: they are released with the widget, and a widget carries
/// them wherever it is moved in the tree.
@MainActor
enum WidgetMarkers {
    private static let markerKey = "assist-permission-marker"
    private static let tagsKey = "assist-tags"
    /// Separates tags in the one string stored per widget; a tag never holds it.
    private static let tagSeparator: Character = "\u{1F}"

    /// Sets `widget`'s permission marker; `nil` removes it, so the widget
    /// inherits its parent's again.
    static func setMarker(_ marker: String?, on widget: UnsafeMutablePointer<GtkWidget>) {
        store(marker, key: markerKey, on: widget)
    }

    /// The marker set on `widget` itself, not inherited.
    static func marker(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        read(key: markerKey, on: widget)
    }

    /// Replaces `widget`'s masking tags.
    static func setTags(_ tags: Set<String>, on widget: UnsafeMutablePointer<GtkWidget>) {
        let clean = tags.filter { !$0.isEmpty && !$0.contains(tagSeparator) }
        store(clean.isEmpty ? nil : clean.sorted().joined(separator: String(tagSeparator)), key: tagsKey, on: widget)
    }

    /// The tags set on `widget` through the SDK (CSS classes not included).
    static func tags(of widget: UnsafeMutablePointer<GtkWidget>) -> Set<String> {
        guard let joined = read(key: tagsKey, on: widget) else { return [] }
        return Set(joined.split(separator: tagSeparator).map(String.init))
    }

    private static func store(_ value: String?, key: String, on widget: UnsafeMutablePointer<GtkWidget>) {
        let object = GtkCast.pointer(widget, to: GObject.self)
        guard let value else {
            g_object_set_data(object, key, nil)
            return
        }
        g_object_set_data_full(object, key, g_strdup(value), g_free)
    }

    private static func read(key: String, on widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard let data = g_object_get_data(GtkCast.pointer(widget, to: GObject.self), key)
        else { return nil }
        return String(cString: data.assumingMemoryBound(to: CChar.self))
    }
}
