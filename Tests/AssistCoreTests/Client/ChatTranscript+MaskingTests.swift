import AssistCore
import Foundation
import Testing

@Suite("Chat transcript: the person's own message once the server masked it")
struct ChatTranscriptMaskingTests {
    private let masked = MaskedText(text: "card •••• •••• •••• 1111", kinds: [.cardNumber])

    @Test("a receipt that says what was masked puts the stored text in place of the typed one, with the kinds")
    func receiptReplacesText() throws {
        var transcript = ChatTranscript()
        transcript.appendOwn("c-1", text: "card 4111 1111 1111 1111", at: Date())
        transcript.apply(ChatReceipt(clientMessageID: "c-1", messageID: "m-1", status: .stored, masked: masked))
        let entry = try #require(transcript.entry("c-1"))
        #expect(entry.text == "card •••• •••• •••• 1111")
        #expect(entry.maskedKinds == [.cardNumber])
        #expect(entry.delivery == .stored)
        #expect(entry.maskingNote == "A card number was hidden to protect it.")
    }

    @Test("a later receipt without masking members keeps the masked text")
    func laterReceiptKeepsIt() throws {
        var transcript = ChatTranscript()
        transcript.appendOwn("c-1", text: "card 4111 1111 1111 1111", at: Date())
        transcript.apply(ChatReceipt(clientMessageID: "c-1", messageID: "m-1", status: .stored, masked: masked))
        transcript.apply(ChatReceipt(clientMessageID: "c-1", messageID: "m-1", status: .delivered))
        let entry = try #require(transcript.entry("c-1"))
        #expect(entry.text == masked.text)
        #expect(entry.delivery == .delivered)
    }

    @Test("a receipt for an already delivered message still shows what was masked")
    func maskedAfterDelivered() throws {
        var transcript = ChatTranscript()
        transcript.appendOwn("c-1", text: "card 4111 1111 1111 1111", at: Date())
        transcript.apply(ChatReceipt(clientMessageID: "c-1", messageID: "m-1", status: .delivered))
        transcript.apply(ChatReceipt(clientMessageID: "c-1", messageID: "m-1", status: .delivered, masked: masked))
        #expect(try #require(transcript.entry("c-1")).text == masked.text)
    }

    @Test("an unmasked message keeps its text and has no note")
    func unmaskedUnchanged() throws {
        var transcript = ChatTranscript()
        transcript.appendOwn("c-1", text: "hello", at: Date())
        transcript.apply(ChatReceipt(clientMessageID: "c-1", messageID: "m-1", status: .stored))
        let entry = try #require(transcript.entry("c-1"))
        #expect(entry.text == "hello")
        #expect(entry.maskingNote == nil)
    }
}
