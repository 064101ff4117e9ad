import AssistCore
import CGtk

/// The support code screen: a code in large, spaced, monospace type for the
/// person to read to an agent on the phone, a Copy button, a status line,
/// and Cancel.
@MainActor
public final class SupportCodeView {
    /// The screen.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called when the person presses Cancel.
    public var onCancel: () -> Void = {}

    private let codeLabel: UnsafeMutablePointer<GtkWidget>
    private let statusLabel: UnsafeMutablePointer<GtkWidget>
    private let copyButton: UnsafeMutablePointer<GtkWidget>
    private var code: String?

    /// The screen, with no code until ``render(code:status:)``.
    public init() {
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 18, classes: ["assist-support-code-screen"])
        g_object_ref_sink(widget)
        let heading = Widgets.label(localized("Your support code"), classes: ["title-2"])
        let explanation = Widgets.label(
            localized("Read this code to the support agent on the phone. It lets them join you in this app."),
            classes: ["dim-label"], wrap: true)
        codeLabel = Widgets.label("", classes: ["assist-support-code"])
        gtk_widget_set_halign(codeLabel, GTK_ALIGN_CENTER)
        statusLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        copyButton = Widgets.button(localized("_Copy code"))
        let cancelButton = Widgets.button(localized("C_ancel"))
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        Widgets.append(buttons, cancelButton, copyButton)
        for label in [heading, explanation, codeLabel, statusLabel] {
            gtk_label_set_xalign(GtkCast.opaque(label), 0.5)
            gtk_label_set_justify(GtkCast.opaque(label), GTK_JUSTIFY_CENTER)
        }
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(widget, 1)
        Widgets.setMargins(widget, 24)
        Widgets.append(widget, heading, explanation, codeLabel, statusLabel, buttons)
        SignalConnection.connect(cancelButton, signal: "clicked") { [weak self] in self?.onCancel() }
        SignalConnection.connect(copyButton, signal: "clicked") { [weak self] in self?.copyCode() }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows `code` (or nothing yet, while it is being obtained, with Copy
    /// unavailable) and the `status` line under it.
    public func render(code: String?, status: String) {
        self.code = code
        Widgets.setText(codeLabel, code ?? "")
        Widgets.setVisible(codeLabel, code != nil)
        Accessibility.setLabel(codeLabel, code.map { localized("Support code: {code}", ["code": SupportCodeText.spelled($0)]) } ?? "")
        Widgets.setText(statusLabel, status)
        gtk_widget_set_sensitive(copyButton, code == nil ? 0 : 1)
    }

    private func copyCode() {
        guard let code else { return }
        Clipboard.copy(code, from: widget)
        Widgets.setText(statusLabel, localized("Copied to the clipboard."))
    }
}
