import AssistCore
import CGtk

/// The waiting screen: a spinner, the queue line and a "Leave queue" button.
@MainActor
public final class QueueView {
    /// The screen.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called when the person presses "Leave queue".
    public var onLeave: () -> Void = {}

    private let statusLabel: UnsafeMutablePointer<GtkWidget>
    private let leaveButton: UnsafeMutablePointer<GtkWidget>

    /// The waiting screen, showing nothing until ``render(_:)``.
    public init() {
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 18, classes: ["assist-queue"])
        g_object_ref_sink(widget)
        statusLabel = Widgets.label("", classes: ["title-3"], wrap: true)
        leaveButton = Widgets.button(localized("_Leave queue"))
        let spinner = gtk_spinner_new()!
        gtk_spinner_start(GtkCast.opaque(spinner))
        gtk_widget_set_size_request(spinner, 32, 32)
        Accessibility.setLabel(spinner, localized("Waiting"))
        let hint = Widgets.label(localized("Keep this window open: an agent will join you here."), classes: ["dim-label"], wrap: true)
        for label in [statusLabel, hint] {
            gtk_label_set_justify(GtkCast.opaque(label), GTK_JUSTIFY_CENTER)
            gtk_label_set_xalign(GtkCast.opaque(label), 0.5)
        }
        gtk_widget_set_halign(leaveButton, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(widget, 1)
        Widgets.setMargins(widget, 24)
        Widgets.append(widget, spinner, statusLabel, hint, leaveButton)
        SignalConnection.connect(leaveButton, signal: "clicked") { [weak self] in self?.onLeave() }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows `status`: its line, and its spelt-out form for screen readers.
    public func render(_ status: QueueStatus) {
        Widgets.setText(statusLabel, status.text)
        Accessibility.setLabel(statusLabel, status.accessibleDescription)
        Accessibility.setDescription(statusLabel, status.accessibleDescription)
    }
}
