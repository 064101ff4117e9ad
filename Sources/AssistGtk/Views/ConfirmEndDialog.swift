import AssistCore
import CGtk

/// Asks "End support?" before ending the session: Cancel (the default, and
/// what Escape or closing the window does) or "End support".
@MainActor
public final class ConfirmEndDialog {
    /// The dialog window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called when the person confirms, before the dialog closes.
    public var onConfirm: () -> Void = {}

    let cancelButton: UnsafeMutablePointer<GtkWidget>

    /// The dialog, over `parent`; call ``present()`` to show it.
    public init(parent: UnsafeMutablePointer<GtkWindow>?) {
        widget = DialogWindow.make(title: localized("End support?"), parent: parent)
        g_object_ref_sink(widget)
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Widgets.setMargins(content, 24)
        gtk_widget_set_size_request(content, 320, -1)
        let heading = Widgets.label(localized("End support?"), classes: ["title-2"])
        let message = Widgets.label(
            "The agent will be disconnected and the chat will close.", classes: ["dim-label"], wrap: true)
        cancelButton = Widgets.button(localized("_Cancel"))
        let endButton = Widgets.button(localized("_End support"), classes: ["destructive-action"])
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        gtk_widget_set_margin_top(buttons, 12)
        Widgets.append(buttons, cancelButton, endButton)
        Widgets.append(content, heading, message, buttons)
        let window = GtkCast.pointer(widget, to: GtkWindow.self)
        gtk_window_set_child(window, content)
        gtk_window_set_default_widget(window, cancelButton)
        SignalConnection.connect(cancelButton, signal: "clicked") { [weak self] in self?.close() }
        SignalConnection.connect(endButton, signal: "clicked") { [weak self] in
            self?.onConfirm()
            self?.close()
        }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows the dialog with the focus on Cancel.
    public func present() {
        let window = GtkCast.pointer(widget, to: GtkWindow.self)
        gtk_window_present(window)
        gtk_widget_grab_focus(cancelButton)
    }

    /// Closes the dialog.
    public func close() {
        gtk_window_destroy(GtkCast.pointer(widget))
    }
}
