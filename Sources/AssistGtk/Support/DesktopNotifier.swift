import AssistCore
import CGtk

/// Desktop notifications and the unread count for agent messages, decided by
/// a ``NotificationPolicy`` from the window's state (focused, unfocused,
/// hidden), which it watches.
@MainActor
final class DesktopNotifier {
    /// Shows the unread count (0 hides it).
    var onUnreadCountChanged: (Int) -> Void = { _ in }

    private static let notificationID = "assist-agent-message"
    private let window: UnsafeMutablePointer<GtkWindow>
    private var policy: NotificationPolicy

    /// Watches `window`; posts through the process's `GApplication`.
    init(window: UnsafeMutablePointer<GtkWindow>, allowBackgroundNotifications: Bool) {
        self.window = window
        policy = NotificationPolicy(allowBackgroundNotifications: allowBackgroundNotifications)
        _ = policy.windowStateChanged(to: Self.state(of: window))
        for property in ["is-active", "visible"] {
            SignalConnection.connectNotify(window, property: property) { [weak self] in self?.windowChanged() }
        }
    }

    /// A message arrived in the chat.
    func messageArrived(_ entry: ChatEntry) {
        apply(policy.messageArrived(from: entry.author), entry: entry)
    }

    private func windowChanged() {
        apply(policy.windowStateChanged(to: Self.state(of: window)), entry: nil)
    }

    private func apply(_ decision: NotificationPolicy.Decision, entry: ChatEntry?) {
        let application = g_application_get_default()
        if decision.withdrawsNotifications, let application {
            g_application_withdraw_notification(application, Self.notificationID)
        }
        if decision.postsNotification, let entry, let application {
            let notification = g_notification_new(entry.authorName)
            g_notification_set_body(notification, entry.text)
            g_notification_set_priority(notification, G_NOTIFICATION_PRIORITY_HIGH)
            g_application_send_notification(application, Self.notificationID, notification)
            g_object_unref(UnsafeMutableRawPointer(notification))
        }
        onUnreadCountChanged(decision.unreadCount)
    }

    private static func state(of window: UnsafeMutablePointer<GtkWindow>) -> NotificationPolicy.WindowState {
        if gtk_widget_get_visible(GtkCast.pointer(window, to: GtkWidget.self)) == 0 { return .hidden }
        return gtk_window_is_active(window) != 0 ? .focused : .unfocused
    }
}
