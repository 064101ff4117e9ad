import AssistCore
import Testing

@Suite("Prompt routing")
struct PromptRoutingTests {
    private func routing(cobrowse: Bool, screenShare: Bool, push: Bool = false) -> PromptRouting {
        PromptRouting(
            hasAgentCobrowseDelegate: cobrowse, hasScreenShareRequestedDelegate: screenShare,
            hasPushAuthorizationDelegate: push)
    }

    @Test("with both consent delegates the co-browse delegate decides and the screen-share delegate is not called")
    func both() {
        #expect(routing(cobrowse: true, screenShare: true).decider(for: .screenShare) == .agentCobrowseDelegate)
    }

    @Test("with only the co-browse delegate it decides")
    func cobrowseOnly() {
        #expect(routing(cobrowse: true, screenShare: false).decider(for: .screenShare) == .agentCobrowseDelegate)
    }

    @Test("with only the screen-share delegate it decides")
    func screenShareOnly() {
        #expect(routing(cobrowse: false, screenShare: true).decider(for: .screenShare) == .screenShareRequestedDelegate)
    }

    @Test("with neither consent delegate the default prompt is shown")
    func neither() {
        #expect(routing(cobrowse: false, screenShare: false).decider(for: .screenShare) == .defaultPrompt)
    }

    @Test("control requests go to the co-browse delegate, never the screen-share delegate")
    func control() {
        #expect(routing(cobrowse: true, screenShare: true).decider(for: .control) == .agentCobrowseDelegate)
        #expect(routing(cobrowse: false, screenShare: true).decider(for: .control) == .defaultPrompt)
    }

    @Test("pushed content goes to the push delegate when supplied, otherwise the default prompt")
    func push() {
        #expect(routing(cobrowse: true, screenShare: true, push: true).decider(for: .push) == .pushAuthorizationDelegate)
        #expect(routing(cobrowse: true, screenShare: true, push: false).decider(for: .push) == .defaultPrompt)
    }

    @Test("a call goes to the call delegate when supplied, otherwise the default prompt, whatever co-browse delegates exist")
    func call() {
        for cobrowse in [false, true] {
            for screenShare in [false, true] {
                let without = routing(cobrowse: cobrowse, screenShare: screenShare, push: true)
                #expect(without.decider(for: .call) == .defaultPrompt)
                var with = without
                with.hasCallRequestedDelegate = true
                #expect(with.decider(for: .call) == .callRequestedDelegate)
                #expect(with.decider(for: .screenShare) == without.decider(for: .screenShare))
            }
        }
    }

    @Test("the routing knows the configuration's call delegate")
    @MainActor
    func callDelegateFromConfiguration() {
        final class Calls: CallRequestedDelegate {
            func assistSDKCallRequested(by agent: Agent, media: CallMedia) async -> Bool { true }
        }
        let calls = Calls()
        var configuration = Configuration()
        #expect(!PromptRouting(configuration: configuration).hasCallRequestedDelegate)
        configuration.callRequestedDelegate = calls
        #expect(PromptRouting(configuration: configuration).decider(for: .call) == .callRequestedDelegate)
    }

    @Test("agents joining and leaving go to the co-browse delegate when supplied, otherwise the default prompt")
    func presence() {
        #expect(routing(cobrowse: true, screenShare: false).agentPresenceDecider == .agentCobrowseDelegate)
        #expect(routing(cobrowse: false, screenShare: true).agentPresenceDecider == .defaultPrompt)
    }

    @Test("routing reads which delegates the configuration holds")
    @MainActor
    func fromConfiguration() {
        final class Delegates: AgentCobrowseDelegate, ScreenShareRequestedDelegate, PushAuthorizationDelegate {
            func agentRequestedCobrowse(_ agent: Agent) async -> Bool { true }
            func assistSDKScreenShareRequested(by agent: Agent) async -> Bool { true }
            func displayContentPushAuthorization(for content: PushedContent, from agent: Agent) async -> Bool { true }
        }
        let delegates = Delegates()
        var configuration = Configuration()
        #expect(PromptRouting(configuration: configuration) == routing(cobrowse: false, screenShare: false))
        configuration.screenShareRequestedDelegate = delegates
        configuration.pushDelegate = delegates
        #expect(PromptRouting(configuration: configuration).decider(for: .screenShare) == .screenShareRequestedDelegate)
        #expect(PromptRouting(configuration: configuration).decider(for: .push) == .pushAuthorizationDelegate)
        configuration.agentCobrowseDelegate = delegates
        #expect(PromptRouting(configuration: configuration).decider(for: .screenShare) == .agentCobrowseDelegate)
        withExtendedLifetime(delegates) {}
    }
}
