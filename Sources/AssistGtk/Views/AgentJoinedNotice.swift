import AssistCore
import CGtk

/// A card in the window saying that an agent joined or left, with a button
/// to dismiss it. It is part of the window, not an alert: nothing pops up
/// and nothing takes the focus.
@MainActor
public final class AgentJoinedNotice {
    /// The card.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called when the person dismisses the card, after it hides.
    public var onDismiss: () -> Void = {}

    private let titleLabel: UnsafeMutablePointer<GtkWidget>
    private let detailLabel: UnsafeMutablePointer<GtkWidget>

    /// A hidden card.
    public init() {
        widget = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["card", "assist-notice"])
        g_object_ref_sink(widget)
        titleLabel = Widgets.label("", classes: ["heading"], wrap: true)
        detailLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        let icon = gtk_image_new_from_icon_name("avatar-default-symbolic")!
        gtk_image_set_pixel_size(GtkCast.opaque(icon), 24)
        gtk_widget_set_valign(icon, GTK_ALIGN_CENTER)
        let texts = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        gtk_widget_set_hexpand(texts, 1)
        Widgets.append(texts, titleLabel, detailLabel)
        let dismiss = Widgets.iconButton("window-close-symbolic", accessibleName: localized("Dismiss"))
        Widgets.addClasses(dismiss, ["flat", "circular"])
        gtk_widget_set_valign(dismiss, GTK_ALIGN_CENTER)
        Widgets.append(widget, icon, texts, dismiss)
        Widgets.setVisible(widget, false)
        SignalConnection.connect(dismiss, signal: "clicked") { [weak self] in
            guard let self else { return }
            Widgets.setVisible(widget, false)
            onDismiss()
        }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows `notice`, or hides the card when it is `nil`.
    public func render(_ notice: AgentPresenceNotice?) {
        Widgets.setVisible(widget, notice != nil)
        guard let notice else { return }
        Widgets.setText(titleLabel, notice.title)
        Widgets.setText(detailLabel, notice.detail)
        Accessibility.setLabel(widget, "\(notice.title). \(notice.detail)")
    }
}
