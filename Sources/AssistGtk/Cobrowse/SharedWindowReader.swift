import AssistCore
import CGtk

/// Reads a window's widget tree as co-browse masking needs it: every drawn
/// widget, parents first, with its bounds in window pixels, its permission
/// marker, its tags (SDK tags and CSS classes) and whether it hides a password.
/// A widget with ``EmbeddedContent`` (a web view) is followed by its content's
/// parts, read as its children and clipped to it.
@MainActor
struct SharedWindowReader {
    /// A widget the reader saw, with the index its ``SharedWidget`` has.
    struct Entry {
        let widget: UnsafeMutablePointer<GtkWidget>
        let shared: SharedWidget
        /// Whether this is a part of `widget`'s embedded content rather than the widget.
        var isEmbeddedPart = false
    }

    /// Widgets not read, with everything inside them: not part of what is shared.
    var excluded: Set<UnsafeMutablePointer<GtkWidget>> = []

    /// The drawn widgets of `window`, the window first.
    func read(_ window: UnsafeMutablePointer<GtkWidget>) -> [Entry] {
        var entries: [Entry] = []
        visit(window, parent: nil, window: window, into: &entries)
        return entries
    }

    private func visit(
        _ widget: UnsafeMutablePointer<GtkWidget>, parent: Int?, window: UnsafeMutablePointer<GtkWidget>,
        into entries: inout [Entry]
    ) {
        guard gtk_widget_get_mapped(widget) != 0, !excluded.contains(widget) else { return }
        let index = entries.count
        entries.append(
            Entry(
                widget: widget,
                shared: SharedWidget(
                    parent: parent, bounds: Self.bounds(of: widget, in: window), marker: WidgetMarkers.marker(of: widget),
                    tags: WidgetMarkers.tags(of: widget).union(Self.cssClasses(of: widget)),
                    isPassword: Self.hidesPassword(widget))))
        if let content = EmbeddedContentRegistry.content(of: widget) {
            appendParts(of: content, in: widget, at: index, into: &entries)
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            visit(current, parent: index, window: window, into: &entries)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Appends the parts of `widget`'s embedded content, moved into window
    /// pixels and clipped to the widget; concealed content is one part over
    /// the whole widget with the ``MaskingRules/noShowClass`` class.
    private func appendParts(
        of content: any EmbeddedContent, in widget: UnsafeMutablePointer<GtkWidget>, at index: Int,
        into entries: inout [Entry]
    ) {
        guard let host = entries[index].shared.bounds else { return }
        let parts: [SharedWidget]
        switch content.sharedParts {
        case .concealed:
            parts = [SharedWidget(parent: nil, bounds: PixelRect(x: 0, y: 0, width: host.width, height: host.height),
                                  tags: [MaskingRules.noShowClass])]
        case .known(let known, _):
            parts = known
        }
        let first = entries.count
        for part in parts {
            var shared = part
            shared.parent = part.parent.map { first + $0 } ?? index
            shared.bounds = part.bounds.flatMap {
                PixelRect(x: $0.x + host.x, y: $0.y + host.y, width: $0.width, height: $0.height).intersection(host)
            }
            entries.append(Entry(widget: widget, shared: shared, isEmbeddedPart: true))
        }
    }

    /// The widget's bounds in the window's coordinates, rounded outward to
    /// whole pixels; `nil` when GTK cannot place it there.
    static func bounds(
        of widget: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>
    ) -> PixelRect? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, window, &rect) != 0 else { return nil }
        return PixelRect.covering(
            x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
            height: Double(rect.size.height))
    }

    private static func cssClasses(of widget: UnsafeMutablePointer<GtkWidget>) -> Set<String> {
        guard let classes = gtk_widget_get_css_classes(widget) else { return [] }
        defer { g_strfreev(classes) }
        var names: Set<String> = []
        var index = 0
        while let name = classes[index] {
            names.insert(String(cString: name))
            index += 1
        }
        return names
    }

    /// Password entries, and entries or text fields set to hide their text.
    private static func hidesPassword(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        let instance = GtkCast.pointer(widget, to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, gtk_password_entry_get_type()) != 0 { return true }
        if g_type_check_instance_is_a(instance, gtk_entry_get_type()) != 0 {
            return gtk_entry_get_visibility(GtkCast.pointer(widget)) == 0
        }
        if g_type_check_instance_is_a(instance, gtk_text_get_type()) != 0 {
            return gtk_text_get_visibility(GtkCast.pointer(widget)) == 0
        }
        return false
    }
}
