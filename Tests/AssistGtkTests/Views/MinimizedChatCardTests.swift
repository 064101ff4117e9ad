import AssistCore
import CGtk
import Foundation
import Testing

@testable import AssistGtk

@Suite("Minimized chat card and the Minimize button", .serialized)
@MainActor
struct MinimizedChatCardTests {
    init() {
        ViewHarness.start()
    }

    private static func configuration(allow: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.allowMinimization = allow
        return configuration
    }

    @Test("the card names the agent and the new messages, and Open chat reports the press")
    func cardShowsAgentAndUnread() throws {
        let card = MinimizedChatCard()
        var opened = 0
        card.onOpen = { opened += 1 }
        var chat = MinimizedChat(configuration: Self.configuration(allow: true))
        chat.minimize()
        for _ in 0..<3 {
            chat.received(ChatEntry(id: UUID().uuidString, author: .agent(id: "sam"), authorName: "Sam", text: "hi", time: Date(), delivery: nil))
        }
        card.render(chat, agentName: "Sam")
        let texts = ViewHarness.labelTexts(in: card.widget)
        #expect(texts.contains("Support in progress"))
        #expect(texts.contains("Chatting with Sam"))
        #expect(texts.contains("3 new messages"))
        assist_signal_emit_void(card.openButton, "clicked")
        #expect(opened == 1)
    }

    @Test("the Minimize button shows only when allowMinimization allows it")
    func minimizeButtonFollowsTheKey() {
        let allowed = SupportPanel(configuration: Self.configuration(allow: true))
        let refused = SupportPanel(configuration: Self.configuration(allow: false))
        #expect(gtk_widget_get_visible(allowed.minimizeButton) != 0)
        #expect(gtk_widget_get_visible(refused.minimizeButton) == 0)
    }
}
