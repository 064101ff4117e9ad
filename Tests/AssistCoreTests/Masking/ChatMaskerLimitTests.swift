import AssistCore
import Foundation
import Testing

@Suite("Chat masking at the protocol's 8,000-character limit")
struct ChatMaskerLimitTests {
    @Test("a message of exactly 8,000 characters keeps its length, with every card in it masked")
    func fullMessage() {
        let card = "4111 1111 1111 1111"
        let filler = String(repeating: "é", count: ProtocolLimits.maxChatText - 2 * card.count - 2)
        let text = card + " " + filler + " " + card
        #expect(text.unicodeScalars.count == ProtocolLimits.maxChatText)
        let result = ChatMasker().mask(text)
        #expect(result.text.unicodeScalars.count == ProtocolLimits.maxChatText)
        #expect(result.text.hasPrefix("•••• •••• •••• 1111 é"))
        #expect(result.text.hasSuffix("é •••• •••• •••• 1111"))
        #expect(result.kinds == [.cardNumber])
    }

    @Test("8,000 digits in a row are one long number, not cards, and go unchanged")
    func longDigitRun() {
        let text = String(repeating: "4111111111111111", count: ProtocolLimits.maxChatText / 16)
        #expect(ChatMasker().mask(text) == MaskedText(text: text, kinds: []))
    }

    @Test("400 cards in one 8,000-character message are all masked")
    func manyCards() {
        let text = Array(repeating: "4111111111111111", count: 400).joined(separator: "    ")
        #expect(text.unicodeScalars.count <= ProtocolLimits.maxChatText)
        let result = ChatMasker().mask(text)
        #expect(!result.text.contains("4111"))
        #expect(result.text.components(separatedBy: "••••••••••••1111").count == 401)
    }
}
