@testable import AssistServer
import AssistCore
import Foundation
import Testing

@Suite("A follower masks chat before it forwards it through the database")
struct ChatFrameMaskingTests {
    private static func frame<Message: WireMessage>(_ message: Message, seq: Int?, ack: Int? = nil) throws -> InboundFrame {
        .text(Data(try ProtocolCodec.encode(Envelope(message, seq: seq, ack: ack)).utf8))
    }

    @Test("a consumer's chat goes as masked mail: the same seq and ack, the masked text, and the kinds")
    func consumerChat() throws {
        let original = try Self.frame(ConsumerMessage.chat(clientMessageID: "c-1", text: "4111111111111111"), seq: 7, ack: 3)
        let mail = ChatFrameMasking.mail(forwarding: original, from: .consumer, masker: ChatMasker())
        guard case .maskedFrame(let text, let kinds) = mail else {
            Issue.record("not masked mail: \(mail)")
            return
        }
        #expect(kinds == [.cardNumber])
        #expect(!String(decoding: text, as: UTF8.self).contains("4111111111111111"))
        let envelope = try ProtocolCodec.decode(.text(text), as: ConsumerMessage.self)
        #expect(envelope == Envelope(ConsumerMessage.chat(clientMessageID: "c-1", text: "••••••••••••1111"), seq: 7, ack: 3))
    }

    @Test("an agent's chat goes as masked mail, its session kept")
    func agentChat() throws {
        let original = try Self.frame(
            AgentMessage.chat(sessionID: "s-1", clientMessageID: "a-1", text: "IBAN DE89370400440532013000"), seq: 2)
        let mail = ChatFrameMasking.mail(forwarding: original, from: .agent, masker: ChatMasker())
        guard case .maskedFrame(let text, let kinds) = mail else {
            Issue.record("not masked mail: \(mail)")
            return
        }
        #expect(kinds == [.iban])
        let envelope = try ProtocolCodec.decode(.text(text), as: AgentMessage.self)
        #expect(envelope.message == .chat(sessionID: "s-1", clientMessageID: "a-1", text: "IBAN ••••••••••••••••••••••"))
    }

    @Test("other messages, chat with nothing to mask, frames that do not decode and masking off go as they came")
    func unchanged() throws {
        let frames: [(InboundFrame, PeerRole, ChatMasker)] = [
            (try Self.frame(ConsumerMessage.typing(isTyping: true), seq: nil), .consumer, ChatMasker()),
            (try Self.frame(ConsumerMessage.chat(clientMessageID: "c-1", text: "hello"), seq: 1), .consumer, ChatMasker()),
            (.text(Data(#"{"v":1,"type":"chat","seq":1,"body":{"text":"4111111111111111"}}"#.utf8)), .consumer, ChatMasker()),
            (.binary(Data([1, 2, 3])), .consumer, ChatMasker()),
            (
                try Self.frame(ConsumerMessage.chat(clientMessageID: "c-1", text: "4111111111111111"), seq: 1), .consumer,
                ChatMasker(isEnabled: false)
            ),
        ]
        for (frame, role, masker) in frames {
            #expect(ChatFrameMasking.mail(forwarding: frame, from: role, masker: masker) == .frame(frame))
        }
    }
}
