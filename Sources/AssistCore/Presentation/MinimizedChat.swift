import Foundation

/// Whether the chat is shown whole or as a small "support in progress" card,
/// and how many messages came while it was small (seed `004`,
/// `allowMinimization` and `defaultToMinimized`).
///
/// The count is the seed's: every message from an agent, a bot or the
/// service that arrived while the chat was minimized, never the person's own.
public struct MinimizedChat: Sendable, Hashable {
    /// Whether the person may minimize the chat at all.
    public let isAllowed: Bool
    /// Whether the chat is shown as the small card now.
    public private(set) var isMinimized: Bool
    /// Messages from the other side since the chat was minimized.
    public private(set) var unreadCount = 0

    /// The chat as `configuration` starts it: minimized when
    /// `defaultToMinimized` is set and `allowMinimization` allows it (a chat
    /// the person could not open again is never started small).
    public init(configuration: Configuration) {
        isAllowed = configuration.allowMinimization
        isMinimized = configuration.allowMinimization && configuration.defaultToMinimized
    }

    /// Shows the small card, if minimizing is allowed. Returns whether it is shown.
    @discardableResult
    public mutating func minimize() -> Bool {
        guard isAllowed else { return false }
        isMinimized = true
        return true
    }

    /// Shows the whole chat again; what came meanwhile is read.
    public mutating func restore() {
        isMinimized = false
        unreadCount = 0
    }

    /// Counts `entry` as unread if it came from the other side while minimized.
    public mutating func received(_ entry: ChatEntry) {
        if isMinimized, !entry.isOwn { unreadCount += 1 }
    }

    /// The card's line about unread messages: "No new messages",
    /// "1 new message", "3 new messages".
    public var unreadText: String {
        switch unreadCount {
        case 0: localized("No new messages")
        default: localizedPlural("{count} new message", "{count} new messages", count: unreadCount)
        }
    }
}
