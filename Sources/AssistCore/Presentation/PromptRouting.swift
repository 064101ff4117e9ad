/// The delegate-precedence rule: whether the application's delegates or
/// Assist's default prompts handle agents joining and leaving, screen-share
/// and control requests, and pushed content.
///
/// From the seed: with an ``AgentCobrowseDelegate`` supplied, the
/// ``ScreenShareRequestedDelegate`` is not called, even when it is supplied
/// too; the default prompt appears only when the application supplied
/// neither.
///
/// | Request | AgentCobrowseDelegate | ScreenShareRequestedDelegate | PushAuthorizationDelegate | Decider |
/// |-|-|-|-|-|
/// | screen share | yes | any | any | ``PromptDecider/agentCobrowseDelegate`` |
/// | screen share | no | yes | any | ``PromptDecider/screenShareRequestedDelegate`` |
/// | screen share | no | no | any | ``PromptDecider/defaultPrompt`` |
/// | control | yes | any | any | ``PromptDecider/agentCobrowseDelegate`` |
/// | control | no | any | any | ``PromptDecider/defaultPrompt`` |
/// | push | any | any | yes | ``PromptDecider/pushAuthorizationDelegate`` |
/// | push | any | any | no | ``PromptDecider/defaultPrompt`` |
///
/// A call is decided by the ``CallRequestedDelegate`` when supplied, and by
/// the default call prompt otherwise; the co-browse delegates play no part.
///
/// Control is part of co-browse, so the co-browse delegate decides it; the
/// screen-share delegate only answers screen-share requests.
public struct PromptRouting: Sendable, Hashable {
    /// Whether the application supplied an ``AgentCobrowseDelegate``.
    public var hasAgentCobrowseDelegate: Bool
    /// Whether the application supplied a ``ScreenShareRequestedDelegate``.
    public var hasScreenShareRequestedDelegate: Bool
    /// Whether the application supplied a ``PushAuthorizationDelegate``.
    public var hasPushAuthorizationDelegate: Bool
    /// Whether the application supplied a ``CallRequestedDelegate``.
    public var hasCallRequestedDelegate: Bool

    /// Routes with the delegates named.
    public init(
        hasAgentCobrowseDelegate: Bool,
        hasScreenShareRequestedDelegate: Bool,
        hasPushAuthorizationDelegate: Bool,
        hasCallRequestedDelegate: Bool = false
    ) {
        self.hasAgentCobrowseDelegate = hasAgentCobrowseDelegate
        self.hasScreenShareRequestedDelegate = hasScreenShareRequestedDelegate
        self.hasPushAuthorizationDelegate = hasPushAuthorizationDelegate
        self.hasCallRequestedDelegate = hasCallRequestedDelegate
    }

    /// Routes with the delegates `configuration` holds now.
    public init(configuration: Configuration) {
        self.init(
            hasAgentCobrowseDelegate: configuration.agentCobrowseDelegate != nil,
            hasScreenShareRequestedDelegate: configuration.screenShareRequestedDelegate != nil,
            hasPushAuthorizationDelegate: configuration.pushDelegate != nil,
            hasCallRequestedDelegate: configuration.callRequestedDelegate != nil)
    }

    /// Who answers a request of `kind`.
    public func decider(for kind: ConsentKind) -> PromptDecider {
        switch kind {
        case .screenShare where hasAgentCobrowseDelegate, .control where hasAgentCobrowseDelegate:
            .agentCobrowseDelegate
        case .screenShare where hasScreenShareRequestedDelegate:
            .screenShareRequestedDelegate
        case .push where hasPushAuthorizationDelegate:
            .pushAuthorizationDelegate
        case .call where hasCallRequestedDelegate:
            .callRequestedDelegate
        case .screenShare, .control, .push, .call:
            .defaultPrompt
        }
    }

    /// Who is told that an agent joined or left the session: the
    /// ``AgentCobrowseDelegate`` when supplied, otherwise the default prompt
    /// naming the agent.
    public var agentPresenceDecider: PromptDecider {
        hasAgentCobrowseDelegate ? .agentCobrowseDelegate : .defaultPrompt
    }
}
