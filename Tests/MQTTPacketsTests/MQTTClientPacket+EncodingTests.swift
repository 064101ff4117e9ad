import MQTTPackets
import Testing

/// The client's packets against the byte sequences of MQTT 3.1.1's
/// non-normative examples (figures 3.6, 3.11, 3.21, 3.22) and the fixed
/// headers of chapter 3.
@Suite("Client packets as bytes")
struct MQTTClientPacketEncodingTests {
    @Test("CONNECT: protocol name, level 4, connect flags, keep alive (figure 3.6), then the client identifier")
    func connect() {
        let packet = MQTTClientPacket.connect(clientIdentifier: "ab", keepAliveSeconds: 10, cleanSession: true)
        let variableHeader: [UInt8] = [0x00, 0x04, 0x4D, 0x51, 0x54, 0x54, 0x04, 0x02, 0x00, 0x0A]
        let payload: [UInt8] = [0x00, 0x02, 0x61, 0x62]
        #expect(packet.encoded == [0x10, 0x0E] + variableHeader + payload)
    }

    @Test("CONNECT without a clean session leaves the connect flags at 0")
    func connectKeepingSession() {
        let packet = MQTTClientPacket.connect(clientIdentifier: "", keepAliveSeconds: 0, cleanSession: false)
        #expect(packet.encoded == [0x10, 0x0C, 0x00, 0x04, 0x4D, 0x51, 0x54, 0x54, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00])
    }

    @Test("SUBSCRIBE: flags 0010, packet identifier 10 (figure 3.21), \"a/b\" at QoS 1 and \"c/d\" at QoS 2 (figure 3.22)")
    func subscribe() {
        let packet = MQTTClientPacket.subscribe(
            packetIdentifier: 10,
            subscriptions: [
                MQTTSubscription(topicFilter: "a/b", qos: .atLeastOnce),
                MQTTSubscription(topicFilter: "c/d", qos: .exactlyOnce),
            ])
        #expect(
            packet.encoded == [0x82, 0x0E, 0x00, 0x0A, 0x00, 0x03, 0x61, 0x2F, 0x62, 0x01, 0x00, 0x03, 0x63, 0x2F, 0x64, 0x02])
    }

    @Test("PUBLISH at QoS 1: topic \"a/b\" and packet identifier 10 (figure 3.11), then the payload")
    func publishAtLeastOnce() {
        let packet = MQTTClientPacket.publish(
            MQTTPublish(topic: "a/b", delivery: .atLeastOnce(packetIdentifier: 10), payload: Array("hi".utf8)))
        #expect(packet.encoded == [0x32, 0x09, 0x00, 0x03, 0x61, 0x2F, 0x62, 0x00, 0x0A, 0x68, 0x69])
    }

    @Test("PUBLISH at QoS 0 has no packet identifier; DUP and RETAIN are the flags' bits 3 and 0")
    func publishAtMostOnce() {
        let packet = MQTTClientPacket.publish(
            MQTTPublish(topic: "a/b", delivery: .atMostOnce, payload: [0x01], duplicate: true, retain: true))
        #expect(packet.encoded == [0x39, 0x06, 0x00, 0x03, 0x61, 0x2F, 0x62, 0x01])
    }

    @Test("PUBLISH with a payload over 127 bytes takes a two-byte remaining length")
    func longPublish() {
        let payload = [UInt8](repeating: 0x2A, count: 200)
        let packet = MQTTClientPacket.publish(
            MQTTPublish(topic: "t", delivery: .atLeastOnce(packetIdentifier: 1), payload: payload))
        #expect(Array(packet.encoded.prefix(7)) == [0x32, 0xCD, 0x01, 0x00, 0x01, 0x74, 0x00])
        #expect(packet.encoded.count == 3 + 205)
    }

    @Test("PUBACK: fixed header 0x40 0x02, then the packet identifier")
    func publishAcknowledgement() {
        #expect(MQTTClientPacket.publishAcknowledgement(packetIdentifier: 0x1234).encoded == [0x40, 0x02, 0x12, 0x34])
    }
}
