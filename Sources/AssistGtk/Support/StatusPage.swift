import AssistCore
import CGtk

/// A full-page message: connecting (with a spinner), or support ended (with
/// why, and the way forward as a primary button and "Close").
@MainActor
final class StatusPage {
    /// The page.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// Called when the person presses the primary button.
    var onPrimary: () -> Void = {}
    /// Called when the person presses "Close".
    var onClose: () -> Void = {}

    private let spinner: UnsafeMutablePointer<GtkWidget>
    private let icon: UnsafeMutablePointer<GtkWidget>
    private let titleLabel: UnsafeMutablePointer<GtkWidget>
    private let detailLabel: UnsafeMutablePointer<GtkWidget>
    private let primaryButton: UnsafeMutablePointer<GtkWidget>
    private let closeButton: UnsafeMutablePointer<GtkWidget>

    init() {
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["assist-status-page"])
        g_object_ref_sink(widget)
        spinner = gtk_spinner_new()!
        gtk_widget_set_size_request(spinner, 32, 32)
        Accessibility.setLabel(spinner, localized("Working"))
        icon = gtk_image_new_from_icon_name("dialog-information-symbolic")!
        gtk_image_set_pixel_size(GtkCast.opaque(icon), 64)
        gtk_widget_add_css_class(icon, "dim-label")
        titleLabel = Widgets.label("", classes: ["title-2"], wrap: true)
        detailLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        for label in [titleLabel, detailLabel] {
            gtk_label_set_justify(GtkCast.opaque(label), GTK_JUSTIFY_CENTER)
            gtk_label_set_xalign(GtkCast.opaque(label), 0.5)
        }
        primaryButton = Widgets.button("", classes: ["pill", "suggested-action"])
        closeButton = Widgets.button(localized("_Close"), classes: ["pill"])
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(buttons, 12)
        Widgets.append(buttons, closeButton, primaryButton)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(widget, 1)
        Widgets.setMargins(widget, 36)
        Widgets.append(widget, spinner, icon, titleLabel, detailLabel, buttons)
        SignalConnection.connect(primaryButton, signal: "clicked") { [weak self] in self?.onPrimary() }
        SignalConnection.connect(closeButton, signal: "clicked") { [weak self] in self?.onClose() }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows "Connecting…" with a spinner and no buttons.
    func showConnecting(to server: String) {
        gtk_spinner_start(GtkCast.opaque(spinner))
        Widgets.setVisible(spinner, true)
        Widgets.setVisible(icon, false)
        Widgets.setText(titleLabel, localized("Connecting to support…"))
        Widgets.setText(detailLabel, server)
        Widgets.setVisible(primaryButton, false)
        Widgets.setVisible(closeButton, false)
    }

    /// Shows why support ended, offers `error`'s remedy when the app can act
    /// on it (try again, start a new session), and "Close".
    func showEnded(_ error: UserFacingError, title: String) {
        gtk_spinner_stop(GtkCast.opaque(spinner))
        Widgets.setVisible(spinner, false)
        Widgets.setVisible(icon, true)
        Widgets.setText(titleLabel, title)
        Widgets.setText(detailLabel, error.message)
        let remedy = [.tryAgain, .startNewSession].contains(error.remedy) ? error.remedy.label : nil
        Widgets.setVisible(primaryButton, remedy != nil)
        if let remedy {
            gtk_button_set_label(GtkCast.pointer(primaryButton, to: GtkButton.self), remedy)
            Accessibility.setLabel(primaryButton, remedy)
        }
        Widgets.setVisible(closeButton, true)
        gtk_widget_grab_focus(remedy != nil ? primaryButton : closeButton)
    }
}
