import AssistCore
import Foundation
import Testing

@Suite("Reliable delivery survives a restart of the side that holds it")
struct ReliableChannelSnapshotTests {
    private func chat(_ number: Int) -> ServerToConsumerMessage {
        .chat(
            ChatMessage(
                id: ServerMessageID("m-\(number)"), author: .agent(id: "a"), text: "message \(number)",
                sentAt: Date(timeIntervalSince1970: Double(number))))
    }

    @Test("a channel restored from its snapshot replays what the peer missed and numbers on")
    func restoredChannelContinues() throws {
        var server = ServerConsumerChannel()
        _ = try server.replay(after: 0)
        for number in 1...4 { _ = server.send(chat(number)) }
        try server.acknowledge(upTo: 2)
        let inbound = Envelope(ConsumerMessage.chat(clientMessageID: "c-1", text: "hi"), seq: 1, ack: 2)
        _ = server.receive(inbound)

        var restored = try #require(ServerConsumerChannel(restoring: server.snapshot))
        #expect(!restored.isOnline)
        #expect(restored.lastReceivedSeq == 1)
        let replayed = try restored.replay(after: 2)
        #expect(replayed.map(\.seq) == [3, 4])
        #expect(replayed.allSatisfy { $0.ack == 1 })
        guard case .transmit(let next) = restored.send(chat(5)) else {
            Issue.record("the restored channel did not transmit")
            return
        }
        #expect(next.seq == 5)
    }

    @Test("a snapshot whose kept messages do not match its counters is refused")
    func inconsistentSnapshotRefused() {
        let gap = ReliableChannelSnapshot<ServerToConsumerMessage>(
            lastSentSeq: 3, peerAcknowledgedSeq: 0, lastReceivedSeq: 0,
            unacknowledged: [Envelope(chat(1), seq: 1), Envelope(chat(3), seq: 3)])
        #expect(!gap.isConsistent)
        #expect(ServerConsumerChannel(restoring: gap) == nil)
        let overAcknowledged = ReliableChannelSnapshot<ServerToConsumerMessage>(
            lastSentSeq: 1, peerAcknowledgedSeq: 2, lastReceivedSeq: 0, unacknowledged: [])
        #expect(ServerConsumerChannel(restoring: overAcknowledged) == nil)
    }

    @Test("a snapshot holding more than the capacity is refused")
    func snapshotOverCapacityRefused() {
        let snapshot = ReliableChannelSnapshot<ServerToConsumerMessage>(
            lastSentSeq: 3, peerAcknowledgedSeq: 0, lastReceivedSeq: 0,
            unacknowledged: (1...3).map { Envelope(chat($0), seq: $0) })
        #expect(snapshot.isConsistent)
        #expect(ServerConsumerChannel(restoring: snapshot, capacity: 2) == nil)
        #expect(ServerConsumerChannel(restoring: snapshot, capacity: 3) != nil)
    }
}
