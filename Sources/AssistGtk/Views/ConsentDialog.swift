import AssistCore
import CGtk

/// The prompt for an agent's request (screen share, control, pushed link):
/// a modal window saying who asks and exactly what they would get, a live
/// "Declining in N s" line, and Accept and Decline. Decline is the default
/// widget and has the focus, and closing the window (or Escape) declines.
///
/// ``onAnswer`` is called at most once. ``close()`` closes the prompt
/// without an answer, for when the driver decided (time ran out, request
/// withdrawn).
@MainActor
public final class ConsentDialog {
    /// The dialog window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called with `true` for Accept, `false` for Decline or closing.
    public var onAnswer: (Bool) -> Void = { _ in }

    private let countdownLabel: UnsafeMutablePointer<GtkWidget>
    /// The "Remember my choice" switch (a switch, so that assistive
    /// technologies can toggle it: GTK 4.8 gives a check button no action).
    private let rememberSwitch: UnsafeMutablePointer<GtkWidget>?
    let declineButton: UnsafeMutablePointer<GtkWidget>
    private var isOpen = true

    /// The prompt for `request`, over `parent`; call ``present()`` to show it.
    /// A request that offers to remember the person's choice
    /// (``ConsentRequest/offersToRememberChoice``) has a check box for it,
    /// ticked when `remembering`.
    public init(request: ConsentRequest, parent: UnsafeMutablePointer<GtkWindow>?, remembering: Bool = false) {
        widget = DialogWindow.make(title: request.title, parent: parent)
        g_object_ref_sink(widget)
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Widgets.setMargins(content, 24)
        gtk_widget_set_size_request(content, 380, -1)
        let heading = Widgets.label(request.title, classes: ["title-2"], wrap: true)
        let message = Widgets.label(request.message, wrap: true)
        gtk_label_set_max_width_chars(GtkCast.opaque(message), 46)
        countdownLabel = Widgets.label("", classes: ["dim-label", "numeric"])
        rememberSwitch = request.offersToRememberChoice ? gtk_switch_new() : nil
        if let rememberSwitch { gtk_switch_set_active(GtkCast.opaque(rememberSwitch), remembering ? 1 : 0) }
        declineButton = Widgets.button("_\(request.declineLabel)")
        let acceptButton = Widgets.button("_\(request.acceptLabel)")
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        gtk_widget_set_margin_top(buttons, 12)
        Widgets.append(buttons, declineButton, acceptButton)
        Widgets.append(content, heading, message)
        if let rememberSwitch { Widgets.append(content, Self.row(request.rememberChoiceLabel, with: rememberSwitch)) }
        Widgets.append(content, countdownLabel, buttons)
        let window = GtkCast.pointer(widget, to: GtkWindow.self)
        gtk_window_set_child(window, content)
        gtk_window_set_default_widget(window, declineButton)
        Accessibility.setDescription(widget, request.message)
        SignalConnection.connect(declineButton, signal: "clicked") { [weak self] in self?.answer(false) }
        SignalConnection.connect(acceptButton, signal: "clicked") { [weak self] in self?.answer(true) }
        SignalConnection.connectReturningBool(widget, signal: "close-request") { [weak self] in
            guard let self, isOpen else { return false }
            isOpen = false
            onAnswer(false)
            return false
        }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Whether the person ticked "Remember my choice" (`false` when the
    /// prompt has no such check box).
    public var remembersChoice: Bool {
        rememberSwitch.map { gtk_switch_get_active(GtkCast.opaque($0)) != 0 } ?? false
    }

    /// Shows the dialog with the focus on Decline.
    public func present() {
        gtk_window_present(GtkCast.pointer(widget, to: GtkWindow.self))
        gtk_widget_grab_focus(declineButton)
    }

    /// Shows the seconds left before the prompt declines by itself.
    public func update(secondsRemaining: Int) {
        Widgets.setText(countdownLabel, ConsentPrompt.countdownText(secondsRemaining: secondsRemaining))
    }

    /// Closes the prompt without calling ``onAnswer``.
    public func close() {
        isOpen = false
        gtk_window_destroy(GtkCast.pointer(widget))
    }

    /// A row with `mnemonic`'s label, which names and focuses `control`, and
    /// the control at its end.
    private static func row(_ mnemonic: String, with control: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        let label = gtk_label_new_with_mnemonic(mnemonic)!
        gtk_label_set_mnemonic_widget(GtkCast.opaque(label), control)
        gtk_label_set_wrap(GtkCast.opaque(label), 1)
        gtk_label_set_xalign(GtkCast.opaque(label), 0)
        gtk_widget_set_hexpand(label, 1)
        gtk_widget_set_valign(control, GTK_ALIGN_CENTER)
        Accessibility.setLabel(control, String(mnemonic.filter { $0 != "_" }))
        Widgets.append(row, label, control)
        return row
    }

    private func answer(_ accepted: Bool) {
        guard isOpen else { return }
        isOpen = false
        onAnswer(accepted)
        gtk_window_destroy(GtkCast.pointer(widget))
    }
}
