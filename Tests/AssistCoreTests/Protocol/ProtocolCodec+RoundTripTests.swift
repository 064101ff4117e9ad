import AssistCore
import Foundation
import Testing

@Suite("Every message survives a trip through the codec")
struct ProtocolCodecRoundTripTests {
    private func roundTrip<Message: WireMessage>(_ message: Message) throws -> Envelope<Message> {
        let envelope = WireSamples.envelope(message)
        let text = try ProtocolCodec.encode(envelope)
        #expect(text.utf8.count <= ProtocolLimits.maxTextFrameBytes)
        return try ProtocolCodec.decode(text: text, as: Message.self)
    }

    @Test("A consumer message decodes to what was encoded", arguments: WireSamples.consumer)
    func consumerMessage(_ message: ConsumerMessage) throws {
        #expect(try roundTrip(message) == WireSamples.envelope(message))
    }

    @Test("A server-to-consumer message decodes to what was encoded", arguments: WireSamples.serverToConsumer)
    func serverToConsumerMessage(_ message: ServerToConsumerMessage) throws {
        #expect(try roundTrip(message) == WireSamples.envelope(message))
    }

    @Test("An agent message decodes to what was encoded", arguments: WireSamples.agentToServer)
    func agentMessage(_ message: AgentMessage) throws {
        #expect(try roundTrip(message) == WireSamples.envelope(message))
    }

    @Test("A server-to-agent message decodes to what was encoded", arguments: WireSamples.serverToAgent)
    func serverToAgentMessage(_ message: ServerToAgentMessage) throws {
        #expect(try roundTrip(message) == WireSamples.envelope(message))
    }

    @Test("The samples cover every message type of every direction")
    func samplesCoverEveryType() {
        #expect(
            Set(WireSamples.consumer.map(\.messageType)) == [
                "hello", "resume", "ack", "chat", "typing", "screenShareAnswer", "controlAnswer", "pushAnswer",
                "screenShareEnd", "leaveQueue", "endSession", "error", "inputResult", "controlEnd",
                "annotationsCleared", "callAnswer", "askForCall", "callSignal", "screenSignal", "callMediaState", "callEnd",
            ])
        #expect(
            Set(WireSamples.serverToConsumer.map(\.messageType)) == [
                "welcome", "ack", "queueUpdate", "agentJoined", "agentLeft", "chat", "typing", "screenShareRequest",
                "controlRequest", "screenShareEnd", "push", "chatReceipt", "sessionEnded", "error", "keyframeRequest",
                "agentInput", "annotate", "clearAnnotations", "callRequest", "callSignal", "screenSignal", "callMediaState", "callEnd",
            ])
        #expect(
            Set(WireSamples.agentToServer.map(\.messageType)) == [
                "hello", "resume", "ack", "acceptNext", "acceptSession", "redeemShortCode", "chat", "typing",
                "requestScreenShare", "requestControl", "push", "screenShareEnd", "endSession", "error", "requestKeyframe",
                "input", "annotate", "clearAnnotations", "requestCall", "callSignal", "screenSignal", "callMediaState", "callEnd",
            ])
        #expect(
            Set(WireSamples.serverToAgent.map(\.messageType)) == [
                "welcome", "ack", "queueSnapshot", "sessionAssigned", "chat", "typing", "chatReceipt",
                "consumerAnswered", "screenShareEnd", "sessionEnded", "error", "inputResult", "controlEnd",
                "annotationsCleared", "callAsked", "callSignal", "screenSignal", "callMediaState", "callEnd",
            ])
    }

    @Test("A frame carries v, type, seq, ack and body as the document shows")
    func envelopeLayout() throws {
        let text = try ProtocolCodec.encode(
            Envelope(ConsumerMessage.chat(clientMessageID: "c-9", text: "Hi"), seq: 12, ack: 7))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["v"] as? Int == 1)
        #expect(object["type"] as? String == "chat")
        #expect(object["seq"] as? Int == 12)
        #expect(object["ack"] as? Int == 7)
        let body = try #require(object["body"] as? [String: Any])
        #expect(body["clientMessageId"] as? String == "c-9")
        #expect(body["text"] as? String == "Hi")
    }

    @Test("Timestamps travel as whole milliseconds since 1970")
    func timestampsAreMilliseconds() throws {
        let message = ServerToConsumerMessage.chat(
            ChatMessage(id: "m-1", author: .system, text: "Sam joined", sentAt: WireSamples.sentAt))
        let text = try ProtocolCodec.encode(Envelope(message, seq: 1))
        #expect(text.contains(#""sentAt":1714000000123"#))
    }

    @Test("Unknown members are ignored and null optionals read as absent")
    func unknownMembersAreIgnored() throws {
        let text = #"""
            {"v":1,"type":"queueUpdate","future":{"x":1},"body":{"position":3,"estimatedWaitSeconds":null,"color":"red"}}
            """#
        let envelope = try ProtocolCodec.decode(text: text, as: ServerToConsumerMessage.self)
        #expect(envelope.message == .queueUpdate(QueueUpdate(position: 3)))
    }

    @Test("The queue position follows the seed rule max(n - c, 0)")
    func queuePositionRule() {
        #expect(QueueUpdate(waitingRank: 10, totalCapacity: 10).position == 0)
        #expect(QueueUpdate(waitingRank: 11, totalCapacity: 10).position == 1)
    }

    @Test("Version negotiation picks the highest version both peers speak")
    func versionNegotiation() {
        #expect(ProtocolVersion.negotiate(offered: [1, 2, 3, 4]) == 3)
        #expect(ProtocolVersion.negotiate(offered: [1, 2]) == 2)
        #expect(ProtocolVersion.negotiate(offered: [1]) == 1)
        #expect(ProtocolVersion.negotiate(offered: [4]) == nil)
    }
}
