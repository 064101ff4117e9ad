import AssistCore
import Foundation
import Testing

@Suite("Reliable delivery across reconnections")
struct ReliableChannelTests {

    /// Sends an envelope through the codec, as the network would.
    private func wire<Message: WireMessage>(_ envelope: Envelope<Message>) throws -> Envelope<Message> {
        try ProtocolCodec.decode(text: ProtocolCodec.encode(envelope), as: Message.self)
    }

    private func chat(_ number: Int) -> ServerToConsumerMessage {
        .chat(
            ChatMessage(
                id: ServerMessageID("m-\(number)"), author: .agent(id: "a"), text: "message \(number)",
                sentAt: Date(timeIntervalSince1970: Double(number))))
    }

    private func transmitted<Message>(_ action: SendAction<Message>) throws -> Envelope<Message> {
        guard case .transmit(let envelope) = action else {
            Issue.record("expected transmit, got \(action)")
            throw CancellationError()
        }
        return envelope
    }

    private func online<Outbound, Inbound>(
        _ channel: ReliableChannel<Outbound, Inbound>
    ) throws -> ReliableChannel<Outbound, Inbound> {
        var channel = channel
        #expect(try channel.replay(after: 0).isEmpty)
        return channel
    }

    @Test("Sequenced messages are numbered from 1 and carry the cumulative ack")
    func numbering() throws {
        var server = try online(ServerConsumerChannel())
        let first = try transmitted(server.send(chat(1)))
        let second = try transmitted(server.send(chat(2)))
        let typing = try transmitted(server.send(.typing(agentID: "a", isTyping: true)))
        #expect(first.seq == 1)
        #expect(second.seq == 2)
        #expect(typing.seq == nil)
        #expect(first.ack == 0)
        #expect(server.unacknowledgedMessages.map(\.seq) == [1, 2])
    }

    @Test("After a reconnect every missed message is delivered once, in order")
    func replayAfterReconnect() throws {
        var server = try online(ServerConsumerChannel())
        var consumer = try online(ConsumerChannel())
        var delivered: [ServerToConsumerMessage] = []

        for number in 1...5 {
            let envelope = try transmitted(server.send(chat(number)))
            if number <= 2, case .deliver(let message) = consumer.receive(try wire(envelope)) {
                delivered.append(message)
            }
        }
        server.connectionLost()
        consumer.connectionLost()
        for number in 6...7 {
            #expect(server.send(chat(number)) == .hold)
        }
        #expect(server.send(.typing(agentID: "a", isTyping: true)) == .discard)

        let replayed = try server.replay(after: consumer.lastReceivedSeq)
        #expect(replayed.map(\.seq) == [3, 4, 5, 6, 7])
        for envelope in replayed + replayed {
            switch consumer.receive(try wire(envelope)) {
            case .deliver(let message): delivered.append(message)
            case .drop: break
            case .reject(let error): Issue.record("rejected: \(error)")
            }
        }
        #expect(delivered == (1...7).map(chat))
        #expect(consumer.lastReceivedSeq == 7)
    }

    @Test("A duplicate is dropped and acknowledged again")
    func duplicateDropped() throws {
        var server = try online(ServerConsumerChannel())
        var consumer = ConsumerChannel()
        let envelope = try transmitted(server.send(chat(1)))
        #expect(consumer.receive(envelope) == .deliver(chat(1)))
        _ = try consumer.replay(after: 0)
        #expect(consumer.acknowledgementFrame() == nil)
        #expect(consumer.receive(envelope) == .drop)
        let owed = consumer.acknowledgementFrame()
        let ack = try #require(owed)
        #expect(ack.message == .ack)
        #expect(ack.ack == 1)
        #expect(consumer.acknowledgementFrame() == nil)
    }

    @Test("Acknowledgements trim the buffer, and stale ones change nothing")
    func acknowledgementsTrim() throws {
        var server = try online(ServerConsumerChannel())
        for number in 1...5 { _ = server.send(chat(number)) }
        try server.acknowledge(upTo: 3)
        #expect(server.unacknowledgedMessages.map(\.seq) == [4, 5])
        try server.acknowledge(upTo: 2)
        #expect(server.unacknowledgedMessages.map(\.seq) == [4, 5])
        #expect(server.receive(Envelope(ConsumerMessage.ack, ack: 5)) == .deliver(.ack))
        #expect(server.unacknowledgedMessages.isEmpty)
        #expect(server.peerAcknowledgedSeq == 5)
    }

    @Test("Acknowledging a frame never sent closes with 1008")
    func acknowledgingTheFuture() throws {
        var consumer = try online(ConsumerChannel())
        _ = consumer.send(.endSession)
        guard case .reject(let error) = consumer.receive(Envelope(.ack, ack: 2)) else {
            Issue.record("expected a rejection")
            return
        }
        #expect(error.kind == .invalidAcknowledgement(ack: 2, lastSent: 1))
        #expect(error.disposition.closeCode == .policyViolation)
    }

    @Test("A skipped seq is a gap that closes with 4004 so the peer resumes")
    func gap() throws {
        var consumer = ConsumerChannel()
        #expect(consumer.receive(Envelope(chat(1), seq: 1)) == .deliver(chat(1)))
        let action = consumer.receive(Envelope(chat(3), seq: 3))
        #expect(action == .reject(ProtocolError(.sequenceGap(expected: 2, received: 3), frame: FrameHeader(type: "chat", seq: 3))))
        #expect(consumer.lastReceivedSeq == 1)
        #expect(ProtocolError(.sequenceGap(expected: 2, received: 3)).disposition.closeCode == .sequenceGap)
        #expect(CloseCode.sequenceGap.allowsResume)
    }

    @Test("A rejected but readable frame still counts as received, once")
    func rejectedFrameConsumesSeq() throws {
        var server = try online(ServerConsumerChannel())
        let bad = #"{"v":1,"type":"teleport","seq":1}"#
        let error = try #require(throws: ProtocolError.self) { try ProtocolCodec.decode(text: bad, as: ConsumerMessage.self) }
        #expect(server.receive(rejected: error) == .reject(error))
        #expect(server.receive(rejected: error) == .drop)
        #expect(server.receive(Envelope(.leaveQueue, seq: 2)) == .deliver(.leaveQueue))
        #expect(server.lastReceivedSeq == 2)
    }

    @Test("A frame error that closes the connection is passed on untouched")
    func fatalErrorPassedOn() throws {
        var server = ServerConsumerChannel()
        let error = ProtocolError(.malformedJSON)
        #expect(server.receive(rejected: error) == .reject(error))
        #expect(server.lastReceivedSeq == 0)
    }

    @Test("Messages sent before the welcome are held and go out after it, in order")
    func heldUntilWelcome() throws {
        var consumer = ConsumerChannel()
        #expect(consumer.send(.chat(clientMessageID: "c-1", text: "typed while connecting")) == .hold)
        #expect(consumer.send(.typing(isTyping: false)) == .discard)
        #expect(!consumer.isOnline)
        let replayed = try consumer.replay(after: 0)
        #expect(replayed.map(\.seq) == [1])
        #expect(consumer.isOnline)
    }

    @Test("A resume point below what the peer acknowledged, or above what was sent, is refused with 4002")
    func replayUnavailable() throws {
        var server = try online(ServerConsumerChannel())
        for number in 1...3 { _ = server.send(chat(number)) }
        try server.acknowledge(upTo: 2)
        server.connectionLost()
        let error = try #require(throws: ProtocolError.self) { try server.replay(after: 1) }
        #expect(error.kind == .replayUnavailable(after: 1, firstRetained: 3))
        #expect(error.disposition.closeCode == .resumeRejected)
        let beyond = try #require(throws: ProtocolError.self) { try server.replay(after: 9) }
        #expect(beyond.kind == .replayBeyondSent(after: 9, lastSent: 3))
        #expect(beyond.disposition.closeCode == .resumeRejected)
        #expect(beyond.code == .resumeRejected)
    }

    @Test("Sending beyond the buffer's capacity fails instead of growing without bound")
    func bufferBound() throws {
        var consumer = ConsumerChannel(capacity: 2)
        #expect(consumer.send(.leaveQueue) == .hold)
        #expect(consumer.send(.endSession) == .hold)
        #expect(consumer.send(.endSession) == .fail(ProtocolError(.sendBufferFull(capacity: 2))))
        #expect(consumer.lastSentSeq == 2)
    }

    @Test("Every frame the channel emits carries the latest ack")
    func piggybackedAck() throws {
        var consumer = try online(ConsumerChannel())
        #expect(consumer.receive(Envelope(.agentJoined(WireSamples.agent), seq: 1)) == .deliver(.agentJoined(WireSamples.agent)))
        let chat = try transmitted(consumer.send(.chat(clientMessageID: "c-1", text: "hi")))
        #expect(chat.ack == 1)
        #expect(consumer.acknowledgementFrame() == nil)
    }
}
