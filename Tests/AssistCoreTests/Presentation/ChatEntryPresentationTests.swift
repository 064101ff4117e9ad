import AssistCore
import Foundation
import Testing

@Suite("Chat entry presentation")
struct ChatEntryPresentationTests {
    private let utc = TimeZone(identifier: "UTC")!
    /// A locale that writes a 24-hour clock, so the rows' texts do not depend on the machine's.
    private let british = Locale(identifier: "en_GB")

    private func entry(_ author: ChatAuthor, delivery: ChatEntry.Delivery? = nil, seconds: TimeInterval = 0) -> ChatEntry {
        ChatEntry(
            id: "m1", author: author, authorName: author == .consumer ? "You" : "Alex", text: "Hello",
            time: Date(timeIntervalSince1970: seconds), delivery: delivery)
    }

    @Test("the time is the local hour and minute as the locale writes them")
    func time() {
        #expect(entry(.consumer, seconds: 5 * 60).timeText(in: utc, locale: british) == "00:05")
        #expect(entry(.consumer, seconds: 14 * 3600 + 7 * 60 + 59).timeText(in: utc, locale: Locale(identifier: "de_DE")) == "14:07")
        let american = entry(.consumer, seconds: 14 * 3600 + 7 * 60).timeText(in: utc, locale: Locale(identifier: "en_US"))
        #expect(american.hasPrefix("2:07") && american.hasSuffix("PM"), "US English writes a 12-hour clock, got \(american)")
        #expect(entry(.consumer, seconds: 23 * 3600).timeText(in: TimeZone(secondsFromGMT: 2 * 3600)!, locale: british) == "01:00")
    }

    @Test("only a failed message offers Retry")
    func retry() {
        #expect(entry(.consumer, delivery: .failed).offersRetry)
        for delivery: ChatEntry.Delivery? in [.sending, .stored, .delivered, nil] {
            #expect(!entry(.consumer, delivery: delivery).offersRetry)
        }
    }

    @Test("agent and service messages are announced with their author and the person's own are not")
    func announcement() {
        #expect(entry(.agent(id: "a1")).announcement == "Alex: Hello")
        #expect(entry(.system).announcement == "Alex: Hello")
        #expect(entry(.consumer, delivery: .sending).announcement == nil)
    }

    @Test("a row reads author, time, text and delivery")
    func summary() {
        #expect(entry(.consumer, delivery: .delivered).accessibleSummary(in: utc, locale: british) == "You at 00:00: Hello. Delivered")
        #expect(entry(.agent(id: "a1")).accessibleSummary(in: utc, locale: british) == "Alex at 00:00: Hello")
    }
}

@Suite("Chat entry presentation: the masking note")
struct ChatEntryMaskingNoteTests {
    private static let notes: [([SensitiveDataKind], String?)] = [
        ([], nil),
        ([.cardNumber], "A card number was hidden to protect it."),
        ([.socialSecurityNumber], "A social security number was hidden to protect it."),
        ([.iban], "A bank account number was hidden to protect it."),
        ([.pattern("order ref")], "Text matching “order ref” was hidden to protect it."),
        ([.iban, .cardNumber], "A bank account number and a card number were hidden to protect them."),
        (
            [.cardNumber, .socialSecurityNumber, .pattern("ref")],
            "A card number, a social security number and text matching “ref” were hidden to protect them."
        ),
    ]

    @Test("the note names every kind masked, in one sentence", arguments: notes)
    func note(kinds: [SensitiveDataKind], expected: String?) {
        var transcript = ChatTranscript()
        transcript.appendOwn("c-1", text: "secret", at: Date(timeIntervalSince1970: 0))
        transcript.apply(
            ChatReceipt(clientMessageID: "c-1", messageID: "m-1", status: .stored, masked: MaskedText(text: "••••••", kinds: kinds)))
        #expect(transcript.entry("c-1")?.maskingNote == expected)
    }

    @Test("a screen reader hears the delivery state and then the note")
    func summaryReadsTheNote() throws {
        var transcript = ChatTranscript()
        transcript.appendOwn("c-1", text: "4111111111111111", at: Date(timeIntervalSince1970: 0))
        transcript.apply(
            ChatReceipt(
                clientMessageID: "c-1", messageID: "m-1", status: .delivered,
                masked: MaskedText(text: "••••••••••••1111", kinds: [.cardNumber])))
        let entry = try #require(transcript.entry("c-1"))
        #expect(
            entry.accessibleSummary(in: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_GB"))
                == "You at 00:00: ••••••••••••1111. Delivered. A card number was hidden to protect it.")
    }
}
