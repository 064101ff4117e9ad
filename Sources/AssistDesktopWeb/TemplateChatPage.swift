import AssistCore
import AssistDesktopKit
import AssistGtk
import AssistWeb
import CGtk

/// The window's content in template mode (`chatTemplateURL` set): the chat
/// template (``ChatTemplateView``) and, once the page says the person closed
/// the chat (`IOSChatClosed`), "The chat is closed" in its place with
/// **Start a new chat**, which loads the entry point again. The menu's End
/// Chat action is on only while a chat can be ended: from the page's
/// `IOSChatStarted` (or `IOSSetSessionId`, after a resume) until its
/// `IOSChatEnded` or `IOSChatClosed`.
@MainActor
final class TemplateChatPage: ChatTemplateDelegate, TemplateChatContent {
    /// The stack of the chat and the closed page.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The chat template.
    let chat: ChatTemplateView
    private let endChat: OpaquePointer

    /// The page for `configuration`'s template, turning `endChat` (the
    /// menu's `GSimpleAction`) on and off; `nil` when the configuration has
    /// no usable template URL.
    init?(configuration: Configuration, endChat: OpaquePointer) {
        guard let chat = ChatTemplateView(configuration: configuration) else { return nil }
        self.chat = chat
        self.endChat = endChat
        widget = gtk_stack_new()
        let stack = GtkCast.opaque(widget) as OpaquePointer
        gtk_stack_add_named(stack, chat.widget, "chat")
        gtk_stack_add_named(stack, makeClosedPage(), "closed")
        gtk_stack_set_visible_child_name(stack, "chat")
        chat.delegate = self
        setEndChatEnabled(false)
        chat.load()
    }

    /// Ends the chat through the page (`MobileInterface.CloseChat()`).
    func endChatRequested() {
        chat.closeChat()
    }

    func chatTemplate(_ view: ChatTemplateView, received message: ChatTemplateMessage) {
        switch message {
        case .chatStarted, .sessionID: setEndChatEnabled(true)
        case .chatEnded: setEndChatEnabled(false)
        case .chatClosed:
            setEndChatEnabled(false)
            gtk_stack_set_visible_child_name(GtkCast.opaque(widget), "closed")
        default: break
        }
    }

    private func startNewChat() {
        chat.load()
        gtk_stack_set_visible_child_name(GtkCast.opaque(widget), "chat")
    }

    private func setEndChatEnabled(_ enabled: Bool) {
        g_simple_action_set_enabled(endChat, enabled ? 1 : 0)
    }

    private func makeClosedPage() -> UnsafeMutablePointer<GtkWidget> {
        let page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(page, GTK_ALIGN_CENTER)
        Widgets.setMargins(page, 36)
        let title = Widgets.label(localized("The chat is closed"), classes: ["title-1"])
        gtk_widget_set_halign(title, GTK_ALIGN_CENTER)
        let detail = Widgets.label(localized("You can start a new chat with a support agent at any time."), classes: ["dim-label"], wrap: true)
        gtk_label_set_justify(GtkCast.opaque(detail), GTK_JUSTIFY_CENTER)
        gtk_widget_set_halign(detail, GTK_ALIGN_CENTER)
        let button = Widgets.button(localized("_Start a new chat"), classes: ["suggested-action", "pill"])
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(button, 12)
        Widgets.append(page, title, detail, button)
        SignalConnection.connect(button, signal: "clicked") { [weak self] in self?.startNewChat() }
        return page
    }
}
