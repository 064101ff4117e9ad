import AssistCore
import Testing

@Suite("Notification policy")
struct NotificationPolicyTests {
    @Test("a focused window neither counts nor notifies")
    func focused() {
        var policy = NotificationPolicy(allowBackgroundNotifications: true, windowState: .focused)
        let decision = policy.messageArrived(from: .agent(id: "sam"))
        #expect(!decision.postsNotification)
        #expect(decision.unreadCount == 0)
    }

    @Test("agent messages in an unfocused, minimized or hidden window count and notify")
    func background() {
        for state in [NotificationPolicy.WindowState.unfocused, .minimized, .hidden] {
            var policy = NotificationPolicy(allowBackgroundNotifications: true, windowState: state)
            #expect(policy.messageArrived(from: .agent(id: "sam"))
                == .init(postsNotification: true, withdrawsNotifications: false, unreadCount: 1))
            #expect(policy.messageArrived(from: .agent(id: "sam")).unreadCount == 2)
        }
    }

    @Test("without background notifications agent messages only count")
    func notificationsOff() {
        var policy = NotificationPolicy(allowBackgroundNotifications: false, windowState: .minimized)
        let decision = policy.messageArrived(from: .agent(id: "sam"))
        #expect(!decision.postsNotification)
        #expect(decision.unreadCount == 1)
    }

    @Test("system messages count but do not notify")
    func system() {
        var policy = NotificationPolicy(allowBackgroundNotifications: true, windowState: .unfocused)
        #expect(policy.messageArrived(from: .system)
            == .init(postsNotification: false, withdrawsNotifications: false, unreadCount: 1))
    }

    @Test("the person's own messages neither count nor notify")
    func consumer() {
        var policy = NotificationPolicy(allowBackgroundNotifications: true, windowState: .hidden)
        #expect(policy.messageArrived(from: .consumer)
            == .init(postsNotification: false, withdrawsNotifications: false, unreadCount: 0))
    }

    @Test("focusing the window resets the count and withdraws notifications")
    func resetOnFocus() {
        var policy = NotificationPolicy(allowBackgroundNotifications: true)
        _ = policy.windowStateChanged(to: .minimized)
        _ = policy.messageArrived(from: .agent(id: "sam"))
        _ = policy.messageArrived(from: .system)
        #expect(policy.windowStateChanged(to: .unfocused).unreadCount == 2)
        #expect(policy.windowStateChanged(to: .focused)
            == .init(postsNotification: false, withdrawsNotifications: true, unreadCount: 0))
        #expect(policy.unreadCount == 0)
        #expect(policy.messageArrived(from: .agent(id: "sam")).unreadCount == 0)
    }
}
