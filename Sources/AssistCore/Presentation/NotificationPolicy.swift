/// Decides, for each incoming chat message, whether to post a desktop
/// notification and how the unread counter changes, from the chat window's
/// state.
///
/// - While the window is focused nothing is counted or notified: the person
///   is reading.
/// - Otherwise agent and system messages count as unread (the seed counts
///   bot, agent and system messages); only agent messages post a
///   notification, and only when ``allowBackgroundNotifications``.
/// - The person's own messages never count or notify.
/// - Focusing the window resets the count to 0 and withdraws the posted
///   notifications.
public struct NotificationPolicy: Sendable {
    /// The chat window's state, as the desktop reports it.
    public enum WindowState: Sendable, Hashable, CaseIterable {
        /// Shown and holding the keyboard focus.
        case focused
        /// Shown, but another window has the focus.
        case unfocused
        /// Minimized.
        case minimized
        /// Closed during a session: hidden, with the session kept.
        case hidden
    }

    /// What the driver does after an event.
    public struct Decision: Sendable, Hashable {
        /// Whether to post a desktop notification for the message.
        public let postsNotification: Bool
        /// Whether to withdraw the notifications posted so far.
        public let withdrawsNotifications: Bool
        /// The unread count to show; 0 hides the counter.
        public let unreadCount: Int

        /// Creates a decision.
        public init(postsNotification: Bool, withdrawsNotifications: Bool, unreadCount: Int) {
            self.postsNotification = postsNotification
            self.withdrawsNotifications = withdrawsNotifications
            self.unreadCount = unreadCount
        }
    }

    /// Whether agent messages may post desktop notifications
    /// (``Configuration/allowBackgroundNotifications``).
    public let allowBackgroundNotifications: Bool
    /// The chat window's state.
    public private(set) var windowState: WindowState
    /// Messages arrived since the window last had the focus.
    public private(set) var unreadCount = 0

    /// A policy for a window in `windowState` with nothing unread.
    public init(allowBackgroundNotifications: Bool, windowState: WindowState = .focused) {
        self.allowBackgroundNotifications = allowBackgroundNotifications
        self.windowState = windowState
    }

    /// The window changed state; focusing it resets the count.
    public mutating func windowStateChanged(to state: WindowState) -> Decision {
        windowState = state
        guard state == .focused else {
            return Decision(postsNotification: false, withdrawsNotifications: false, unreadCount: unreadCount)
        }
        unreadCount = 0
        return Decision(postsNotification: false, withdrawsNotifications: true, unreadCount: 0)
    }

    /// A chat message by `author` arrived.
    public mutating func messageArrived(from author: ChatAuthor) -> Decision {
        guard windowState != .focused else {
            return Decision(postsNotification: false, withdrawsNotifications: false, unreadCount: unreadCount)
        }
        let notifies: Bool
        switch author {
        case .consumer:
            return Decision(postsNotification: false, withdrawsNotifications: false, unreadCount: unreadCount)
        case .agent:
            notifies = allowBackgroundNotifications
        case .system:
            notifies = false
        }
        unreadCount += 1
        return Decision(postsNotification: notifies, withdrawsNotifications: false, unreadCount: unreadCount)
    }
}
