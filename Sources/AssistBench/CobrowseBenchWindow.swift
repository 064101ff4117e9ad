import AssistCore
import AssistGtk
import CGtk

/// The window the co-browse benchmark shares: 800 × 600, a support form of
/// the usual kind — headings, labelled entries, a password, a notes field,
/// check boxes and buttons — with an account number only some agents may see.
@MainActor
struct CobrowseBenchWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    /// The entry the typing measurement types into.
    let entry: UnsafeMutablePointer<GtkWidget>
    /// A button, to hold the focus while the window is idle (no caret blinks).
    let button: UnsafeMutablePointer<GtkWidget>

    init() {
        let form = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(form, 24)
        }
        let heading = gtk_label_new("Billing question")!
        gtk_widget_add_css_class(heading, "title-2")
        gtk_box_append(GtkCast.pointer(form), heading)
        var typed: UnsafeMutablePointer<GtkWidget>?
        for (index, name) in ["Name", "Email", "Phone", "Order number", "Account number"].enumerated() {
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
            let label = gtk_label_new(name)!
            gtk_widget_set_size_request(label, 160, -1)
            let field = gtk_entry_new()!
            gtk_widget_set_hexpand(field, 1)
            gtk_editable_set_text(GtkCast.opaque(field), "Sample \(name.lowercased())")
            gtk_box_append(GtkCast.pointer(row), label)
            gtk_box_append(GtkCast.pointer(row), field)
            gtk_box_append(GtkCast.pointer(form), row)
            if name == "Account number" { AssistSDK.setPermission("account", for: row) }
            if index == 0 { typed = field }
        }
        let password = gtk_password_entry_new()!
        gtk_editable_set_text(GtkCast.opaque(password), "correct horse battery staple")
        gtk_box_append(GtkCast.pointer(form), password)
        let notes = gtk_text_view_new()!
        gtk_widget_set_size_request(notes, -1, 140)
        gtk_text_buffer_set_text(
            gtk_text_view_get_buffer(GtkCast.pointer(notes)),
            "I was charged twice for the same order. The second charge appeared on the 3rd.", -1)
        gtk_box_append(GtkCast.pointer(form), notes)
        for option in ["Email me a copy of this chat", "I am the account holder"] {
            gtk_box_append(GtkCast.pointer(form), gtk_check_button_new_with_label(option)!)
        }
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancel = gtk_button_new_with_label("Cancel")!
        let send = gtk_button_new_with_label("Send")!
        gtk_widget_add_css_class(send, "suggested-action")
        gtk_box_append(GtkCast.pointer(buttons), cancel)
        gtk_box_append(GtkCast.pointer(buttons), send)
        gtk_box_append(GtkCast.pointer(form), buttons)

        window = gtk_window_new()!
        gtk_window_set_default_size(GtkCast.pointer(window), 800, 600)
        gtk_window_set_child(GtkCast.pointer(window), form)
        entry = typed!
        button = send
    }

    /// Shows the window and runs GLib until it has been drawn at its size.
    func present() {
        gtk_window_present(GtkCast.pointer(window))
        iterate(for: .seconds(5)) { gtk_widget_get_width(window) > 0 && gtk_widget_get_mapped(window) != 0 }
        iterate(for: .milliseconds(300))
    }

    /// Runs GLib's main context until `condition` holds or `duration` passes.
    func iterate(for duration: Duration, until condition: () -> Bool = { false }) {
        MainContext.iterate(for: duration, until: condition)
    }
}
