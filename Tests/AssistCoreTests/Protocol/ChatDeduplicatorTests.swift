import AssistCore
import Foundation
import Testing

@Suite("Chat messages are stored once per client message id")
struct ChatDeduplicatorTests {
    @Test("A chat re-sent after its receipt was lost is stored once and confirmed again")
    func resentChatStoredOnce() throws {
        var consumer = ConsumerChannel()
        var server = ServerConsumerChannel()
        _ = try consumer.replay(after: 0)
        _ = try server.replay(after: 0)
        var deduplicator = ChatDeduplicator()
        var stored: [ServerMessageID] = []
        var nextServerID = 1

        /// What the server does with each consumer chat: store it unless it is
        /// known, and answer with a receipt either way.
        func serverHandles(_ envelope: Envelope<ConsumerMessage>) throws -> ServerToConsumerMessage? {
            let wire = try ProtocolCodec.decode(text: ProtocolCodec.encode(envelope), as: ConsumerMessage.self)
            guard case .deliver(.chat(let clientID, _, _)) = server.receive(wire) else { return nil }
            let candidate = ServerMessageID("m-\(nextServerID)")
            switch deduplicator.admit(clientID, as: candidate) {
            case .accepted:
                stored.append(candidate)
                nextServerID += 1
                return .chatReceipt(ChatReceipt(clientMessageID: clientID, messageID: candidate, status: .stored))
            case .duplicate(let original):
                return .chatReceipt(ChatReceipt(clientMessageID: clientID, messageID: original, status: .stored))
            }
        }

        let message = ConsumerMessage.chat(clientMessageID: "c-1", text: "Is anyone there?")
        guard case .transmit(let first) = consumer.send(message) else { throw CancellationError() }
        let firstReceipt = try serverHandles(first)
        consumer.connectionLost()
        server.connectionLost()

        guard case .hold = consumer.send(message) else { throw CancellationError() }
        _ = try server.replay(after: consumer.lastReceivedSeq)
        let resent = try consumer.replay(after: server.lastReceivedSeq)
        #expect(resent.map(\.seq) == [2])
        let secondReceipt = try serverHandles(try #require(resent.first))

        #expect(stored == ["m-1"])
        #expect(firstReceipt == secondReceipt)
        #expect(deduplicator.count == 1)
    }

    @Test("Memory is bounded: the oldest ids are forgotten first")
    func boundedMemory() {
        var deduplicator = ChatDeduplicator(capacity: 3)
        for number in 1...4 {
            #expect(deduplicator.admit(ClientMessageID("c-\(number)"), as: ServerMessageID("m-\(number)")) == .accepted)
        }
        #expect(deduplicator.count == 3)
        #expect(deduplicator.admit("c-4", as: "m-9") == .duplicate(of: "m-4"))
        #expect(deduplicator.admit("c-2", as: "m-9") == .duplicate(of: "m-2"))
        #expect(deduplicator.admit("c-1", as: "m-5") == .accepted)
    }
}
