import CGtk

/// Small constructors and setters for the widgets the views are made of, so
/// the views read as layout rather than as pointer casts.
@MainActor
public enum Widgets {
    /// A label showing `text`, aligned to the start; wrapping when `wrap`.
    public static func label(
        _ text: String, classes: [String] = [], wrap: Bool = false
    ) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(GtkCast.opaque(label), 0)
        if wrap {
            gtk_label_set_wrap(GtkCast.opaque(label), 1)
            gtk_label_set_wrap_mode(GtkCast.opaque(label), PANGO_WRAP_WORD_CHAR)
        }
        addClasses(label, classes)
        return label
    }

    /// A box laying out its children along `orientation`, `spacing` pixels apart.
    public static func box(
        _ orientation: GtkOrientation, spacing: Int32, classes: [String] = []
    ) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(orientation, spacing)!
        addClasses(box, classes)
        return box
    }

    /// A button labelled `mnemonic` (an underscore marks its Alt key, e.g.
    /// `"_Send"`), named for screen readers by the label without the underscore.
    public static func button(_ mnemonic: String, classes: [String] = []) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_mnemonic(mnemonic)!
        addClasses(button, classes)
        Accessibility.setLabel(button, String(mnemonic.filter { $0 != "_" }))
        return button
    }

    /// A button showing the icon `iconName`, named `accessibleName` for
    /// screen readers and as its tooltip.
    public static func iconButton(_ iconName: String, accessibleName: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name(iconName)!
        gtk_widget_set_tooltip_text(button, accessibleName)
        Accessibility.setLabel(button, accessibleName)
        return button
    }

    /// Adds the CSS classes `classes` to `widget`.
    public static func addClasses(_ widget: UnsafeMutablePointer<GtkWidget>, _ classes: [String]) {
        for name in classes {
            gtk_widget_add_css_class(widget, name)
        }
    }

    /// Adds `children` to the end of `box`.
    public static func append(_ box: UnsafeMutablePointer<GtkWidget>, _ children: UnsafeMutablePointer<GtkWidget>...) {
        for child in children {
            gtk_box_append(GtkCast.pointer(box), child)
        }
    }

    /// Shows `text` in `label`.
    public static func setText(_ label: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        gtk_label_set_text(GtkCast.opaque(label), text)
    }

    /// The text `label` shows.
    public static func text(of label: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_label_get_text(GtkCast.opaque(label)))
    }

    /// Sets the space around `widget` on every side.
    public static func setMargins(_ widget: UnsafeMutablePointer<GtkWidget>, _ margin: Int32) {
        gtk_widget_set_margin_top(widget, margin)
        gtk_widget_set_margin_bottom(widget, margin)
        gtk_widget_set_margin_start(widget, margin)
        gtk_widget_set_margin_end(widget, margin)
    }

    /// Shows or hides `widget`.
    public static func setVisible(_ widget: UnsafeMutablePointer<GtkWidget>, _ visible: Bool) {
        gtk_widget_set_visible(widget, visible ? 1 : 0)
    }
}
