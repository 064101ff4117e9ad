/// Tells the application about agents joining and leaving the session and
/// co-browse, and lets it decide co-browse requests itself.
///
/// When the configuration supplies this delegate, the
/// ``ScreenShareRequestedDelegate`` is not called and no default prompt is shown.
@MainActor
public protocol AgentCobrowseDelegate: AnyObject, Sendable {
    /// An agent joined the support session.
    func agentJoinedSession(_ agent: Agent)
    /// An agent asks to see the window. Return `true` to allow co-browse.
    func agentRequestedCobrowse(_ agent: Agent) async -> Bool
    /// Co-browse with `agent` started.
    func agentJoinedCobrowse(_ agent: Agent)
    /// Co-browse with `agent` stopped.
    func agentLeftCobrowse(_ agent: Agent)
    /// The agent left the support session.
    func agentLeftSession(_ agent: Agent)
}

extension AgentCobrowseDelegate {
    /// Does nothing: implement it to be told.
    public func agentJoinedSession(_ agent: Agent) {}
    /// Does nothing: implement it to be told.
    public func agentJoinedCobrowse(_ agent: Agent) {}
    /// Does nothing: implement it to be told.
    public func agentLeftCobrowse(_ agent: Agent) {}
    /// Does nothing: implement it to be told.
    public func agentLeftSession(_ agent: Agent) {}
}
