@testable import AssistServer
import AssistCore
import Testing

@Suite("The hub masks chat before it stores or relays it")
struct SupportHubMaskingTests {
    private static let card = "4111 1111 1111 1111"
    private static let maskedCard = "•••• •••• •••• 1111"

    @Test("a consumer's card number reaches the agent masked, and the consumer's receipt says what was stored")
    func consumerCard() async throws {
        let fixture = try HubFixture()
        let (consumer, agent, _) = try await fixture.session()
        await consumer.send(ConsumerMessage.chat(clientMessageID: "c-1", text: "my card is \(Self.card)"), to: fixture.hub)
        let relayed = try await agent.next { if case .chat(_, let m) = $0, m.author == .consumer { m.text } else { nil } }
        #expect(relayed == "my card is \(Self.maskedCard)")
        let receipt = try await consumer.next { if case .chatReceipt(let r) = $0 { r } else { nil } }
        #expect(receipt.masked == MaskedText(text: "my card is \(Self.maskedCard)", kinds: [.cardNumber]))
        #expect(fixture.metrics.render().contains("assist_chat_messages_masked_total 1"))
    }

    @Test("an agent's card number reaches the consumer masked, and the agent's receipt says what was stored")
    func agentCard() async throws {
        let fixture = try HubFixture()
        let (consumer, agent, id) = try await fixture.session()
        await agent.send(
            AgentMessage.chat(sessionID: id, clientMessageID: "a-1", text: "is it \(Self.card)?"), to: fixture.hub)
        let relayed = try await consumer.next { if case .chat(let m) = $0 { m.text } else { nil } }
        #expect(relayed == "is it \(Self.maskedCard)?")
        let receipt = try await agent.next { if case .chatReceipt(_, let r) = $0 { r } else { nil } }
        #expect(receipt.masked == MaskedText(text: "is it \(Self.maskedCard)?", kinds: [.cardNumber]))
    }

    @Test("a message resent under a new seq gets the original id and the same masking in its receipt")
    func resentMessage() async throws {
        let fixture = try HubFixture()
        let (consumer, _, _) = try await fixture.session()
        let message = ConsumerMessage.chat(clientMessageID: "c-1", text: "SSN 078-05-1120")
        await consumer.send(message, to: fixture.hub)
        let first = try await consumer.next { if case .chatReceipt(let r) = $0 { r } else { nil } }
        await consumer.send(message, to: fixture.hub)
        let second = try await consumer.next { if case .chatReceipt(let r) = $0 { r } else { nil } }
        #expect(second.messageID == first.messageID)
        #expect(second.masked == MaskedText(text: "SSN •••-••-••••", kinds: [.socialSecurityNumber]))
        #expect(second.masked == first.masked)
    }

    @Test("with masking off the text goes untouched and the receipt has no masking members")
    func maskingOff() async throws {
        let fixture = try HubFixture(settings: HubSettings(chatMasker: ChatMasker(isEnabled: false)))
        let (consumer, agent, _) = try await fixture.session()
        await consumer.send(ConsumerMessage.chat(clientMessageID: "c-1", text: Self.card), to: fixture.hub)
        let relayed = try await agent.next { if case .chat(_, let m) = $0, m.author == .consumer { m.text } else { nil } }
        #expect(relayed == Self.card)
        let receipt = try await consumer.next { if case .chatReceipt(let r) = $0 { r } else { nil } }
        #expect(receipt.masked == nil)
        #expect(fixture.metrics.render().contains("assist_chat_messages_masked_total 0"))
    }

    @Test("an operator's pattern masks its matches and the receipt names it")
    func customPattern() async throws {
        let masker = try ServerSettings.chatMasker(enabled: true, patternArguments: [#"member id=M-\d{5}"#])
        let fixture = try HubFixture(settings: HubSettings(chatMasker: masker))
        let (consumer, agent, _) = try await fixture.session()
        await consumer.send(ConsumerMessage.chat(clientMessageID: "c-1", text: "I am M-12345"), to: fixture.hub)
        let relayed = try await agent.next { if case .chat(_, let m) = $0, m.author == .consumer { m.text } else { nil } }
        #expect(relayed == "I am •••••••")
        let receipt = try await consumer.next { if case .chatReceipt(let r) = $0 { r } else { nil } }
        #expect(receipt.masked?.kinds == [.pattern("member id")])
    }

    @Test("a message a cluster node masked before forwarding it keeps the node's kinds in its receipt")
    func forwardedMasking() async throws {
        let fixture = try HubFixture()
        let (consumer, agent, _) = try await fixture.session()
        await consumer.send(
            ConsumerMessage.chat(clientMessageID: "c-1", text: "card \(Self.maskedCard), SSN 078-05-1120"), to: fixture.hub,
            maskedBefore: [.cardNumber])
        let relayed = try await agent.next { if case .chat(_, let m) = $0, m.author == .consumer { m.text } else { nil } }
        #expect(relayed == "card \(Self.maskedCard), SSN •••-••-••••")
        let receipt = try await consumer.next { if case .chatReceipt(let r) = $0 { r } else { nil } }
        #expect(receipt.masked?.kinds == [.cardNumber, .socialSecurityNumber])
    }
}
