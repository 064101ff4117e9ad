import Foundation
import AssistCore
import CGtk

/// Everything support shows inside a window: the connection banner, the
/// agent-joined card, and one page at a time — pre-chat form, connecting,
/// queue, chat (whole, or minimized to a card), support code, or ended.
@MainActor
final class SupportPanel {
    /// The pages the panel switches between.
    enum Page: String {
        case prechat, status, queue, chat, minimizedChat, supportCode
    }

    /// The panel, to put in a window: an overlay over its pages and bars, so
    /// that the agent's drawing can lie over them without moving them.
    let widget: UnsafeMutablePointer<GtkWidget>
    let banner = ConnectionBannerView()
    let sharing = SharingBar()
    let call = CallBar()
    let notice = AgentJoinedNotice()
    let status = StatusPage()
    let queue = QueueView()
    let chat: ChatView
    let supportCode = SupportCodeView()
    let minimizedChat = MinimizedChatCard()
    /// Called when the person presses "End support" above the chat.
    var onEndRequested: () -> Void = {}
    /// Called when the person presses "Cancel" above the pre-chat form.
    var onPrechatCancelled: () -> Void = {}
    /// The button above the chat that minimizes it; shown only when
    /// `allowMinimization` allows.
    let minimizeButton: UnsafeMutablePointer<GtkWidget>
    /// Called when the person presses "Minimize" above the chat.
    var onMinimizeRequested: () -> Void = {}
    /// The button above the chat that asks the agent for a call; shown only
    /// when the app can take calls and none is under way.
    let askForCallButton: UnsafeMutablePointer<GtkWidget>
    /// Called when the person presses "Ask for a call".
    var onAskForCall: () -> Void = {}

    private let stack: UnsafeMutablePointer<GtkWidget>
    private let prechatHolder: UnsafeMutablePointer<GtkWidget>
    private let chatTitle: UnsafeMutablePointer<GtkWidget>
    private var prechat: PrechatFormView?

    /// An empty panel showing the connecting page.
    init(configuration: Configuration) {
        chat = ChatView(allowURLPreview: configuration.allowURLPreview)
        widget = gtk_overlay_new()!
        g_object_ref_sink(widget)
        gtk_widget_add_css_class(widget, "assist-support-panel")
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        gtk_overlay_set_child(GtkCast.opaque(widget), content)
        stack = gtk_stack_new()!
        gtk_stack_set_transition_type(GtkCast.opaque(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_widget_set_vexpand(stack, 1)

        prechatHolder = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        let cancel = Widgets.button(localized("_Cancel"), classes: ["flat"])
        gtk_widget_set_halign(cancel, GTK_ALIGN_START)
        Widgets.setMargins(cancel, 6)
        Widgets.append(prechatHolder, cancel)

        let chatPage = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        let chatBar = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["assist-chat-bar"])
        Widgets.setMargins(chatBar, 6)
        chatTitle = Widgets.label("", classes: ["heading"])
        gtk_widget_set_hexpand(chatTitle, 1)
        let end = Widgets.button(localized("_End support"), classes: ["destructive-action"])
        minimizeButton = Widgets.iconButton("go-bottom-symbolic", accessibleName: localized("Minimize the chat"))
        Widgets.addClasses(minimizeButton, ["flat"])
        gtk_widget_set_tooltip_text(minimizeButton, localized("Minimize the chat"))
        Widgets.setVisible(minimizeButton, configuration.allowMinimization)
        askForCallButton = Widgets.iconButton("call-start-symbolic", accessibleName: localized("Ask for a call"))
        Widgets.addClasses(askForCallButton, ["flat"])
        Widgets.setVisible(askForCallButton, false)
        Widgets.append(chatBar, chatTitle, askForCallButton, minimizeButton, end)
        Widgets.append(chatPage, chatBar, gtk_separator_new(GTK_ORIENTATION_HORIZONTAL), chat.widget)

        let pages: [(Page, UnsafeMutablePointer<GtkWidget>)] = [
            (.prechat, prechatHolder), (.status, status.widget), (.queue, queue.widget), (.chat, chatPage),
            (.minimizedChat, minimizedChat.widget), (.supportCode, supportCode.widget),
        ]
        for (page, child) in pages {
            gtk_stack_add_named(GtkCast.opaque(stack), child, page.rawValue)
        }
        Widgets.setVisible(notice.widget, false)
        Widgets.append(content, banner.widget, sharing.widget, call.widget, notice.widget, stack)
        SignalConnection.connect(cancel, signal: "clicked") { [weak self] in self?.onPrechatCancelled() }
        SignalConnection.connect(end, signal: "clicked") { [weak self] in self?.onEndRequested() }
        SignalConnection.connect(minimizeButton, signal: "clicked") { [weak self] in self?.onMinimizeRequested() }
        SignalConnection.connect(askForCallButton, signal: "clicked") { [weak self] in self?.onAskForCall() }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows `page`.
    func show(_ page: Page) {
        gtk_stack_set_visible_child_name(GtkCast.opaque(stack), page.rawValue)
    }

    /// Shows `form` as the pre-chat page, replacing an earlier one.
    func showPrechat(_ form: PrechatFormView) {
        if let prechat { gtk_box_remove(GtkCast.pointer(prechatHolder, to: GtkBox.self), prechat.widget) }
        prechat = form
        Widgets.append(prechatHolder, form.widget)
        show(.prechat)
        form.focusFirstField()
    }

    /// Names the agent above the chat.
    func showAgent(_ agent: Agent) {
        Widgets.setText(chatTitle, ChattingWithLine.text(agentName: agent.name))
    }
}
