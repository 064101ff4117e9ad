import AssistCore
import CGtk

/// The person's own record, as the main menu's "Activity" shows it: every
/// share, control, call, page, document and file they allowed, newest first,
/// each with its time and server, and Clear to remove the record. With
/// nothing recorded it says what will be listed.
@MainActor
public final class ActivityWindow {
    /// The window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called when the person pressed Clear (the window then shows the empty
    /// record).
    public var onClear: () -> Void = {}

    private let list: UnsafeMutablePointer<GtkWidget>
    private let empty: UnsafeMutablePointer<GtkWidget>
    private let clearButton: UnsafeMutablePointer<GtkWidget>

    /// The record's window over `parent`; call ``render(_:)`` and ``present()``.
    public init(parent: UnsafeMutablePointer<GtkWindow>?) {
        widget = DialogWindow.make(title: localized("Activity"), parent: parent)
        g_object_ref_sink(widget)
        let window = GtkCast.pointer(widget, to: GtkWindow.self)
        gtk_window_set_modal(window, 0)
        gtk_window_set_resizable(window, 1)
        gtk_window_set_default_size(window, 520, 420)
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Widgets.setMargins(content, 18)
        let intro = Widgets.label(
            localized("What you allowed agents, kept on this computer for 90 days."), classes: ["dim-label"], wrap: true)
        gtk_label_set_xalign(GtkCast.opaque(intro), 0)
        list = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, classes: ["assist-activity"])
        empty = Widgets.label(
            localized("Nothing yet. Every share, control, call, page, document and file you allow will be listed here."),
            wrap: true)
        gtk_label_set_xalign(GtkCast.opaque(empty), 0)
        let scroller = gtk_scrolled_window_new()!
        gtk_widget_set_vexpand(scroller, 1)
        gtk_scrolled_window_set_child(GtkCast.opaque(scroller), list)
        clearButton = Widgets.button(localized("_Clear Activity"))
        gtk_widget_set_halign(clearButton, GTK_ALIGN_END)
        Widgets.append(content, intro, empty, scroller, clearButton)
        gtk_window_set_child(window, content)
        SignalConnection.connect(clearButton, signal: "clicked") { [weak self] in
            self?.onClear()
            self?.render([])
        }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows `lines`, newest first.
    public func render(_ lines: [ActivityLine]) {
        while let child = gtk_widget_get_first_child(list) { gtk_box_remove(GtkCast.pointer(list, to: GtkBox.self), child) }
        for line in lines.reversed() {
            let row = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
            let sentence = Widgets.label(line.sentence, wrap: true)
            let detail = Widgets.label("\(line.time) · \(line.server)", classes: ["dim-label", "caption"])
            for label in [sentence, detail] { gtk_label_set_xalign(GtkCast.opaque(label), 0) }
            Widgets.append(row, sentence, detail)
            Widgets.append(list, row)
        }
        Widgets.setVisible(empty, lines.isEmpty)
        gtk_widget_set_sensitive(clearButton, lines.isEmpty ? 0 : 1)
    }

    /// Shows the window.
    public func present() {
        gtk_window_present(GtkCast.pointer(widget, to: GtkWindow.self))
    }
}
