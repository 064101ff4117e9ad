/// Lets the application decide whether to accept an agent's request to see
/// its window, instead of the default prompt.
///
/// Not called when the configuration also supplies an
/// ``AgentCobrowseDelegate``: that delegate then decides (seed rule).
@MainActor
public protocol ScreenShareRequestedDelegate: AnyObject, Sendable {
    /// Asked when `agent` requests screen share. Return `true` to accept.
    func assistSDKScreenShareRequested(by agent: Agent) async -> Bool
}
