import AssistCore
import AssistGtk
import CGtk

/// Shows a page's `alert` and `confirm` to the person and hands the answer
/// back; ``ChatTemplateView`` uses ``GtkScriptDialogPresenter`` unless an
/// application (or a test) sets another.
@MainActor
public protocol ScriptDialogPresenter: AnyObject {
    /// Shows `message` from `alert(message)`; calls `done` once dismissed.
    func alert(_ message: String, over parent: UnsafeMutablePointer<GtkWindow>?, done: @escaping @MainActor () -> Void)

    /// Asks `message` from `confirm(message)`; calls `answer` with the
    /// person's choice (`false` when the dialog is closed).
    func confirm(
        _ message: String, over parent: UnsafeMutablePointer<GtkWindow>?, answer: @escaping @MainActor (Bool) -> Void)
}

/// `alert` and `confirm` as the app's own GTK dialogs: the page's text, and
/// OK, or Cancel and OK.
@MainActor
public final class GtkScriptDialogPresenter: ScriptDialogPresenter {
    /// A presenter.
    public init() {}

    /// Shows the message with an OK button.
    public func alert(_ message: String, over parent: UnsafeMutablePointer<GtkWindow>?, done: @escaping @MainActor () -> Void) {
        present(message, over: parent, cancel: nil) { _ in done() }
    }

    /// Asks with Cancel and OK.
    public func confirm(
        _ message: String, over parent: UnsafeMutablePointer<GtkWindow>?, answer: @escaping @MainActor (Bool) -> Void
    ) {
        present(message, over: parent, cancel: localized("_Cancel"), finished: answer)
    }

    private func present(
        _ message: String, over parent: UnsafeMutablePointer<GtkWindow>?, cancel: String?,
        finished: @escaping @MainActor (Bool) -> Void
    ) {
        let widget = DialogWindow.make(title: localized("Message from the chat"), parent: parent)
        let window = GtkCast.pointer(widget, to: GtkWindow.self)
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Widgets.setMargins(content, 24)
        gtk_widget_set_size_request(content, 320, -1)
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let ok = Widgets.button(localized("_OK"), classes: ["suggested-action"])
        var answered = false
        let finish: @MainActor (Bool) -> Void = { value in
            guard !answered else { return }
            answered = true
            finished(value)
        }
        if let cancel {
            let cancelButton = Widgets.button(cancel)
            Widgets.append(buttons, cancelButton)
            SignalConnection.connect(cancelButton, signal: "clicked") { gtk_window_destroy(window) }
        }
        Widgets.append(buttons, ok)
        Widgets.append(content, Widgets.label(message, wrap: true), buttons)
        gtk_window_set_child(window, content)
        SignalConnection.connect(ok, signal: "clicked") {
            finish(true)
            gtk_window_destroy(window)
        }
        SignalConnection.connect(widget, signal: "destroy") { finish(false) }
        gtk_window_present(window)
    }
}
