import AssistCore
import CGtk

/// The box the person writes in: an Attach File button, a multi-line text
/// view and a Send button. Enter sends and Shift+Enter starts a new line;
/// text that is only whitespace is never sent.
@MainActor
final class ChatComposer {
    /// The composer.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The text view.
    let textView: UnsafeMutablePointer<GtkWidget>
    /// The key controller on the text view, which turns Enter into Send.
    let keyController: OpaquePointer
    /// The Send button.
    let sendButton: UnsafeMutablePointer<GtkWidget>
    /// The Attach File button.
    let attachButton: UnsafeMutablePointer<GtkWidget>
    /// Called with the message to send.
    var onSend: (String) -> Void = { _ in }
    /// Called when the person asks to attach a file.
    var onAttach: () -> Void = {}
    /// Called when the composer starts or stops holding text to send.
    var onTypingChanged: (Bool) -> Void = { _ in }

    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private var isTyping = false

    /// An empty composer.
    init() {
        widget = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, classes: ["assist-composer"])
        g_object_ref_sink(widget)
        textView = gtk_text_view_new()!
        buffer = gtk_text_view_get_buffer(GtkCast.pointer(textView))
        keyController = gtk_event_controller_key_new()
        sendButton = Widgets.button(localized("_Send"), classes: ["suggested-action"])
        attachButton = Widgets.iconButton("mail-attachment-symbolic", accessibleName: localized("Attach File"))
        layOut()
        connectSignals()
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// The text in the composer, as typed.
    var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
            defer { g_free(characters) }
            return String(cString: characters)
        }
        set {
            gtk_text_buffer_set_text(buffer, newValue, -1)
        }
    }

    private func layOut() {
        let textViewPointer: UnsafeMutablePointer<GtkTextView> = GtkCast.pointer(textView)
        gtk_text_view_set_wrap_mode(textViewPointer, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(textViewPointer, 0)
        for margin in [gtk_text_view_set_top_margin, gtk_text_view_set_bottom_margin] {
            margin(textViewPointer, 8)
        }
        for margin in [gtk_text_view_set_left_margin, gtk_text_view_set_right_margin] {
            margin(textViewPointer, 10)
        }
        Accessibility.setLabel(textView, localized("Message"))
        Accessibility.setDescription(textView, localized("Enter sends, Shift+Enter starts a new line"))
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(GtkCast.opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_max_content_height(GtkCast.opaque(scroller), 120)
        gtk_scrolled_window_set_propagate_natural_height(GtkCast.opaque(scroller), 1)
        gtk_scrolled_window_set_child(GtkCast.opaque(scroller), textView)
        gtk_widget_set_hexpand(scroller, 1)
        Widgets.addClasses(scroller, ["assist-composer-text"])
        gtk_widget_set_valign(sendButton, GTK_ALIGN_END)
        gtk_widget_set_valign(attachButton, GTK_ALIGN_END)
        Widgets.addClasses(attachButton, ["flat", "assist-attach"])
        Widgets.setMargins(widget, 12)
        Widgets.append(widget, attachButton, scroller, sendButton)
        gtk_event_controller_set_propagation_phase(keyController, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(textView, keyController)
    }

    private func connectSignals() {
        SignalConnection.connect(sendButton, signal: "clicked") { [weak self] in self?.send() }
        SignalConnection.connect(attachButton, signal: "clicked") { [weak self] in self?.onAttach() }
        SignalConnection.connectKeyPressed(keyController) { [weak self] keyval, modifiers in
            let isEnter = keyval == guint(GDK_KEY_Return) || keyval == guint(GDK_KEY_KP_Enter)
            guard let self, isEnter, modifiers.rawValue & GDK_SHIFT_MASK.rawValue == 0 else { return false }
            send()
            return true
        }
        SignalConnection.connect(buffer, signal: "changed") { [weak self] in self?.textChanged() }
    }

    private func send() {
        guard let message = ComposerText.outgoing(text) else { return }
        text = ""
        onSend(message)
    }

    private func textChanged() {
        let typing = ComposerText.outgoing(text) != nil
        guard typing != isTyping else { return }
        isTyping = typing
        onTypingChanged(typing)
    }
}
