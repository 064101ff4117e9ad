import AssistCore
import CGtk

/// The chat made small: a card saying that support is in progress, with
/// whom, how many messages came since, and a button that opens the chat
/// again (seed `004`: the minimized view with its unread count).
@MainActor
public final class MinimizedChatCard {
    /// The card.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called when the person presses "Open chat".
    public var onOpen: () -> Void = {}
    /// The "Open chat" button, which takes the focus while the card shows.
    let openButton: UnsafeMutablePointer<GtkWidget>

    private let agentLabel: UnsafeMutablePointer<GtkWidget>
    private let unreadLabel: UnsafeMutablePointer<GtkWidget>

    /// A card for no agent yet and nothing unread.
    public init() {
        widget = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["card", "assist-minimized-chat"])
        g_object_ref_sink(widget)
        Widgets.setMargins(widget, 12)
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        let icon = gtk_image_new_from_icon_name("user-available-symbolic")!
        gtk_image_set_pixel_size(GtkCast.opaque(icon), 24)
        gtk_widget_set_valign(icon, GTK_ALIGN_CENTER)
        let title = Widgets.label(localized("Support in progress"), classes: ["heading"], wrap: true)
        agentLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        unreadLabel = Widgets.label("", classes: ["assist-unread"], wrap: true)
        let texts = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        gtk_widget_set_hexpand(texts, 1)
        Widgets.append(texts, title, agentLabel, unreadLabel)
        openButton = Widgets.button(localized("_Open chat"), classes: ["suggested-action"])
        gtk_widget_set_valign(openButton, GTK_ALIGN_CENTER)
        Widgets.append(widget, icon, texts, openButton)
        SignalConnection.connect(openButton, signal: "clicked") { [weak self] in self?.onOpen() }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows who the person is chatting with and what is unread.
    public func render(_ chat: MinimizedChat, agentName: String?) {
        let agentLine = ChattingWithLine.text(agentName: agentName)
        Widgets.setText(agentLabel, agentLine)
        Widgets.setText(unreadLabel, chat.unreadText)
        if chat.unreadCount > 0 {
            gtk_widget_add_css_class(unreadLabel, "accent")
        } else {
            gtk_widget_remove_css_class(unreadLabel, "accent")
        }
        Accessibility.setLabel(widget, localized("Support in progress. {who}. {unread}", ["who": agentLine, "unread": chat.unreadText]))
    }
}
