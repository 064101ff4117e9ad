import AssistCore
import Testing

@MainActor
@Suite("The screen-share delegate and the scope asked for (protocol §12.8)")
struct ScreenShareRequestedDelegateTests {
    /// A delegate written for the seed: it knows no scopes.
    final class SeedDelegate: ScreenShareRequestedDelegate {
        var asked: [String] = []
        func assistSDKScreenShareRequested(by agent: Agent) async -> Bool {
            asked.append(agent.id)
            return true
        }
    }

    /// A delegate that lets the window be seen and never the screen.
    final class ScopedDelegate: ScreenShareRequestedDelegate {
        func assistSDKScreenShareRequested(by agent: Agent) async -> Bool { true }
        func assistSDKScreenShareRequested(by agent: Agent, scope: ShareScope) async -> Bool { scope == .window }
    }

    @Test("a delegate written for the seed decides both scopes through its one method")
    func seedDelegateDecidesBoth() async {
        let delegate = SeedDelegate()
        let sam = Agent(id: "sam", name: "Sam")
        #expect(await delegate.assistSDKScreenShareRequested(by: sam, scope: .window))
        #expect(await delegate.assistSDKScreenShareRequested(by: sam, scope: .screen))
        #expect(delegate.asked == ["sam", "sam"])
    }

    @Test("a delegate that knows scopes is asked with the scope")
    func scopedDelegate() async {
        let delegate: any ScreenShareRequestedDelegate = ScopedDelegate()
        let sam = Agent(id: "sam", name: "Sam")
        #expect(await delegate.assistSDKScreenShareRequested(by: sam, scope: .window))
        #expect(!(await delegate.assistSDKScreenShareRequested(by: sam, scope: .screen)))
    }
}
