import AssistCore
import CGtk

/// The banner across the top of the window while the connection is down:
/// a headline, the reason, and the buttons the content offers. It slides
/// away when there is nothing to show.
@MainActor
public final class ConnectionBannerView {
    /// The banner (a revealer).
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called with the action whose button the person pressed.
    public var onAction: (ConnectionBannerAction) -> Void = { _ in }

    private let bar: UnsafeMutablePointer<GtkWidget>
    private let titleLabel: UnsafeMutablePointer<GtkWidget>
    private let detailLabel: UnsafeMutablePointer<GtkWidget>
    let buttonBox: UnsafeMutablePointer<GtkWidget>
    private var shownActions: [ConnectionBannerAction] = []
    private var toneClass: String?

    /// A hidden banner.
    public init() {
        widget = gtk_revealer_new()!
        g_object_ref_sink(widget)
        bar = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["assist-banner"])
        titleLabel = Widgets.label("", classes: ["heading"], wrap: true)
        detailLabel = Widgets.label("", wrap: true)
        buttonBox = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        let texts = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        gtk_widget_set_hexpand(texts, 1)
        gtk_widget_set_valign(buttonBox, GTK_ALIGN_CENTER)
        Widgets.append(texts, titleLabel, detailLabel)
        Widgets.append(bar, texts, buttonBox)
        gtk_revealer_set_transition_type(GtkCast.opaque(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        gtk_revealer_set_child(GtkCast.opaque(widget), bar)
        gtk_revealer_set_reveal_child(GtkCast.opaque(widget), 0)
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows `content`, or hides the banner when it is `nil`. Buttons are
    /// rebuilt only when the actions change, so focus stays on a button
    /// while the countdown ticks.
    public func render(_ content: ConnectionBannerContent?) {
        gtk_revealer_set_reveal_child(GtkCast.opaque(widget), content == nil ? 0 : 1)
        guard let content else { return }
        Widgets.setText(titleLabel, content.title)
        Widgets.setText(detailLabel, content.detail ?? "")
        Widgets.setVisible(detailLabel, content.detail != nil)
        setTone(content.tone)
        if content.actions != shownActions {
            showButtons(for: content.actions)
        }
    }

    private func setTone(_ tone: ConnectionBannerContent.Tone) {
        let name: String
        switch tone {
        case .progress: name = "progress"
        case .success: name = "success"
        case .failure: name = "failure"
        }
        if let toneClass {
            gtk_widget_remove_css_class(bar, toneClass)
        }
        gtk_widget_add_css_class(bar, name)
        toneClass = name
    }

    private func showButtons(for actions: [ConnectionBannerAction]) {
        while let child = gtk_widget_get_first_child(buttonBox) {
            gtk_box_remove(GtkCast.pointer(buttonBox), child)
        }
        for action in actions {
            let button = Widgets.button(action.label)
            SignalConnection.connect(button, signal: "clicked") { [weak self] in self?.onAction(action) }
            Widgets.append(buttonBox, button)
        }
        shownActions = actions
    }
}
