/// Who answers a request put to the person, or is told an agent came or went.
public enum PromptDecider: Sendable, Hashable {
    /// The application's ``AgentCobrowseDelegate``.
    case agentCobrowseDelegate
    /// The application's ``ScreenShareRequestedDelegate``.
    case screenShareRequestedDelegate
    /// The application's ``PushAuthorizationDelegate``.
    case pushAuthorizationDelegate
    /// The application's ``CallRequestedDelegate``.
    case callRequestedDelegate
    /// Assist's own prompt, shown to the person.
    case defaultPrompt
}
