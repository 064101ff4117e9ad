import AssistCore
import Foundation

/// Documents the transcript tests share, in UTC and en_US so their times
/// read the same on every machine.
enum TranscriptSamples {
    static let utc = TimeZone(identifier: "UTC")!
    static let english = TranscriptFormatting(locale: Locale(identifier: "en_US"), timeZone: utc)
    static let german = TranscriptFormatting(locale: Locale(identifier: "de_DE"), timeZone: utc)
    /// 2026-11-27 14:05:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_795_788_300)

    /// Text that breaks HTML if it is not escaped, and text that is easy to lose.
    static let hostile = "<script>alert(\"x\")</script> Tom & Jerry's \"quote\""
    static let arabic = "مرحبا، كيف يمكنني المساعدة؟"
    static let emoji = "Thanks 👍🏽 — 家族 👨‍👩‍👧"

    /// A chat as the person saw it: their message delivered, the agent's
    /// answer, a service line, and a second message of theirs still sending.
    static func chat() -> ChatTranscript {
        var chat = ChatTranscript()
        chat.appendOwn(ClientMessageID("c1"), text: "Hello\nsecond line", at: start)
        chat.apply(ChatReceipt(clientMessageID: ClientMessageID("c1"), messageID: ServerMessageID("m1"), status: .delivered))
        chat.appendReceived(
            ChatMessage(id: ServerMessageID("m2"), author: .agent(id: "sam"), text: hostile, sentAt: start + 60),
            authorName: "Sam")
        chat.appendReceived(
            ChatMessage(id: ServerMessageID("m3"), author: .system, text: arabic, sentAt: start + 120),
            authorName: "Support")
        chat.appendOwn(ClientMessageID("c2"), text: emoji, at: start + 3 * 3600)
        return chat
    }

    static func document(personName: String? = "Casey") -> TranscriptDocument {
        TranscriptDocument(
            chat: chat(), sessionID: "s-42", personName: personName, agentNames: ["Sam"], startedAt: start)
    }
}
