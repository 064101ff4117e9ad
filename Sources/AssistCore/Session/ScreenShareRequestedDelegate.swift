/// Lets the application decide whether to accept an agent's request to see
/// its window, instead of the default prompt.
///
/// Not called when the configuration also supplies an
/// ``AgentCobrowseDelegate``: that delegate then decides (seed rule).
@MainActor
public protocol ScreenShareRequestedDelegate: AnyObject, Sendable {
    /// Asked when `agent` requests screen share. Return `true` to accept.
    func assistSDKScreenShareRequested(by agent: Agent) async -> Bool

    /// Asked when `agent` asks to see `scope`: the application's window, or
    /// the screen (`docs/protocol.md` §12.8; accepting it opens the desktop's
    /// own dialog next, where the person still picks or cancels). Return
    /// `true` to accept. By default the seed's
    /// ``assistSDKScreenShareRequested(by:)`` decides both.
    func assistSDKScreenShareRequested(by agent: Agent, scope: ShareScope) async -> Bool
}

extension ScreenShareRequestedDelegate {
    /// Lets the seed's ``assistSDKScreenShareRequested(by:)`` decide, for
    /// either scope.
    public func assistSDKScreenShareRequested(by agent: Agent, scope: ShareScope) async -> Bool {
        await assistSDKScreenShareRequested(by: agent)
    }
}
