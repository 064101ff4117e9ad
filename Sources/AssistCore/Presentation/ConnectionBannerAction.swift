/// A button the connection banner offers.
public enum ConnectionBannerAction: Sendable, Hashable, CaseIterable {
    /// Make the next reconnection attempt now instead of waiting
    /// (``Connector/reconnect(_:)``).
    case retryNow
    /// Stop reconnecting and close the connection (``Connector/disconnect()``).
    case giveUp
    /// Begin support again from the start, after the connection ended for good.
    case startAgain

    /// The button's label.
    public var label: String {
        switch self {
        case .retryNow: localized("Retry now")
        case .giveUp: localized("Give up")
        case .startAgain: localized("Start again")
        }
    }
}
