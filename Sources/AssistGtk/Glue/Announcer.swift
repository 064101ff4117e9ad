import CGtk

/// Speaks short messages through screen readers.
///
/// GTK 4.8 has no `gtk_accessible_announce` (it arrived in 4.14), and its
/// `log` and `status` roles are documented as unused: the AT-SPI backend
/// gives them no live-region behaviour. What 4.8 does report is a widget
/// becoming visible — a `showing` state change — and it exposes the `alert`
/// role as an AT-SPI notification, which screen readers such as Orca speak
/// when it is shown. So the announcer is an invisible label with the `alert`
/// role: each announcement hides it, sets the text (and the accessible name)
/// and shows it again. It is transparent and ignores the pointer, so it is
/// read but never seen; place it as an overlay so it takes no room.
@MainActor
public final class Announcer {
    /// The label, to add to the window (as an overlay child).
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// An announcer with nothing announced yet.
    public init() {
        widget = assist_widget_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_ALERT)
        g_object_ref_sink(widget)
        Widgets.addClasses(widget, ["assist-announcer"])
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_focusable(widget, 0)
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        Widgets.setVisible(widget, false)
    }

    /// Has screen readers speak `text` now.
    public func announce(_ text: String) {
        Widgets.setVisible(widget, false)
        Widgets.setText(widget, text)
        Accessibility.setLabel(widget, text)
        Widgets.setVisible(widget, true)
    }

    isolated deinit {
        g_object_unref(widget)
    }
}
