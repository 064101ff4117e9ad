/// Lets the application decide whether content an agent pushes is shown,
/// instead of the default prompt.
@MainActor
public protocol PushAuthorizationDelegate: AnyObject, Sendable {
    /// Asked when `agent` pushes `content`. Return `true` to show it.
    func displayContentPushAuthorization(for content: PushedContent, from agent: Agent) async -> Bool
}
