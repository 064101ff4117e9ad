import AssistCore
import Foundation
import Testing

@Suite("Chat receipts: what the server masked (storedText, maskedKinds)")
struct ChatReceiptMaskingTests {
    private func decode(_ body: String) throws(ProtocolError) -> ChatReceipt {
        let envelope = try ProtocolCodec.decode(
            text: #"{"v":1,"type":"chatReceipt","seq":1,"body":"# + body + "}", as: ServerToConsumerMessage.self)
        guard case .chatReceipt(let receipt) = envelope.message else { preconditionFailure("not a receipt") }
        return receipt
    }

    @Test("a masked message's receipt carries the stored text and the kinds by their wire names")
    func encodesBothMembers() throws {
        let receipt = ChatReceipt(
            clientMessageID: "c-1", messageID: "m-1", status: .stored,
            masked: MaskedText(text: "•••-••-••••", kinds: [.socialSecurityNumber, .iban, .cardNumber, .pattern("ref")]))
        let text = try ProtocolCodec.encode(Envelope(ServerToConsumerMessage.chatReceipt(receipt), seq: 1))
        #expect(
            text == #"{"body":{"clientMessageId":"c-1","maskedKinds":["socialSecurityNumber","iban","cardNumber","ref"],"#
                + #""messageId":"m-1","status":"stored","storedText":"•••-••-••••"},"seq":1,"type":"chatReceipt","v":1}"#)
    }

    @Test("a receipt of a message nothing was masked in has neither member, even when given no kinds")
    func unmaskedHasNeither() throws {
        let receipt = ChatReceipt(
            clientMessageID: "c-1", messageID: "m-1", status: .delivered, masked: MaskedText(text: "hi", kinds: []))
        #expect(receipt.masked == nil)
        let text = try ProtocolCodec.encode(Envelope(ServerToConsumerMessage.chatReceipt(receipt), seq: 1))
        #expect(!text.contains("storedText") && !text.contains("maskedKinds"))
    }

    @Test("an older server's receipt without the members reads as unmasked")
    func olderReceipt() throws {
        #expect(try decode(#"{"clientMessageId":"c","messageId":"m","status":"stored"}"#).masked == nil)
    }

    @Test("one member without the other is an invalid message naming the missing one")
    func oneWithoutTheOther() {
        for (body, field) in [
            (#"{"clientMessageId":"c","messageId":"m","status":"stored","storedText":"••••"}"#, "body.maskedKinds"),
            (#"{"clientMessageId":"c","messageId":"m","status":"stored","maskedKinds":["iban"]}"#, "body.storedText"),
        ] {
            let error = #expect(throws: ProtocolError.self) { try decode(body) }
            guard case .invalidMessage(let named, _)? = error?.kind else {
                Issue.record("\(body): \(String(describing: error)) is not an invalid message")
                continue
            }
            #expect(named == field)
            #expect(error?.disposition == .errorFrame(code: .invalidMessage))
        }
    }

    @Test("no kinds, too many kinds, an empty kind or an empty stored text is an invalid value")
    func badValues() {
        let tooMany = Array(repeating: #""k""#, count: ProtocolLimits.maxMaskedKinds + 1).joined(separator: ",")
        for (members, field) in [
            (#""storedText":"•","maskedKinds":[]"#, "body.maskedKinds"),
            (#""storedText":"•","maskedKinds":[\#(tooMany)]"#, "body.maskedKinds"),
            (#""storedText":"•","maskedKinds":[""]"#, "body.maskedKinds[0]"),
            (#""storedText":"","maskedKinds":["iban"]"#, "body.storedText"),
        ] {
            let error = #expect(throws: ProtocolError.self) {
                try decode(#"{"clientMessageId":"c","messageId":"m","status":"stored","# + members + "}")
            }
            guard case .invalidValue(let named, _)? = error?.kind else {
                Issue.record("\(members): \(String(describing: error)) is not an invalid value")
                continue
            }
            #expect(named == field)
        }
    }

    @Test("a kind this build does not know reads as a pattern's name")
    func unknownKindIsAPattern() throws {
        let receipt = try decode(
            #"{"clientMessageId":"c","messageId":"m","status":"stored","storedText":"••","maskedKinds":["passport","iban"]}"#)
        #expect(receipt.masked == MaskedText(text: "••", kinds: [.pattern("passport"), .iban]))
    }
}
