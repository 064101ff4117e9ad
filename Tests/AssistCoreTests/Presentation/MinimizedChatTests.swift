import AssistCore
import Foundation
import Testing

@Suite("The minimized chat (allowMinimization, defaultToMinimized)")
struct MinimizedChatTests {
    private static func configuration(allow: Bool, startMinimized: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.allowMinimization = allow
        configuration.defaultToMinimized = startMinimized
        return configuration
    }

    private static func entry(_ author: ChatAuthor, _ text: String = "hi") -> ChatEntry {
        ChatEntry(id: UUID().uuidString, author: author, authorName: "x", text: text, time: Date(), delivery: nil)
    }

    @Test(
        "the chat starts minimized only when defaultToMinimized is set and minimizing is allowed",
        arguments: [(true, true, true), (true, false, false), (false, true, false), (false, false, false)])
    func startsMinimized(allow: Bool, startMinimized: Bool, expected: Bool) {
        #expect(MinimizedChat(configuration: Self.configuration(allow: allow, startMinimized: startMinimized)).isMinimized == expected)
    }

    @Test("without allowMinimization the chat cannot be minimized")
    func notAllowed() {
        var chat = MinimizedChat(configuration: Self.configuration(allow: false, startMinimized: false))
        let minimized = chat.minimize()
        #expect(!minimized)
        #expect(!chat.isMinimized)
    }

    @Test("agent and system messages that arrive while minimized are counted, the person's own are not")
    func countsTheOtherSide() {
        var chat = MinimizedChat(configuration: Self.configuration(allow: true, startMinimized: false))
        chat.received(Self.entry(.agent(id: "sam")))
        #expect(chat.unreadCount == 0, "nothing is unread while the chat is open")
        let minimized = chat.minimize()
        #expect(minimized)
        chat.received(Self.entry(.agent(id: "sam")))
        chat.received(Self.entry(.consumer))
        chat.received(Self.entry(.system))
        #expect(chat.unreadCount == 2)
        #expect(chat.unreadText == "2 new messages")
        chat.restore()
        #expect(!chat.isMinimized && chat.unreadCount == 0)
        #expect(chat.unreadText == "No new messages")
        chat.minimize()
        chat.received(Self.entry(.agent(id: "sam")))
        #expect(chat.unreadText == "1 new message")
    }
}

@Suite("The line naming the agent")
struct ChattingWithLineTests {
    @Test("names the agent, or says an agent when the name is blank or unknown")
    func namesTheAgent() {
        #expect(ChattingWithLine.text(agentName: "Sam") == "Chatting with Sam")
        #expect(ChattingWithLine.text(agentName: "  ") == "Chatting with an agent")
        #expect(ChattingWithLine.text(agentName: nil) == "Chatting with an agent")
    }
}
