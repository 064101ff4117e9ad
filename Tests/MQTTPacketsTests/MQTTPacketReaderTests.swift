import MQTTPackets
import Testing

/// The server's packets read from bytes: MQTT 3.1.1's fixed headers and its
/// SUBACK example (figure 3.26), packets cut across frames or sharing one,
/// and bytes no server may send.
@Suite("Server packets from bytes")
struct MQTTPacketReaderTests {
    private func packets(in bytes: [UInt8]) throws -> [MQTTServerPacket] {
        var reader = MQTTPacketReader()
        reader.append(bytes)
        var packets: [MQTTServerPacket] = []
        while let packet = try reader.nextPacket() { packets.append(packet) }
        return packets
    }

    @Test("CONNACK: accepted, and refused as not authorised with no session present")
    func connectAcknowledgement() throws {
        #expect(try packets(in: [0x20, 0x02, 0x00, 0x00]) == [.connectAcknowledgement(sessionPresent: false, returnCode: 0)])
        #expect(try packets(in: [0x20, 0x02, 0x01, 0x00]) == [.connectAcknowledgement(sessionPresent: true, returnCode: 0)])
        #expect(try packets(in: [0x20, 0x02, 0x00, 0x05]) == [.connectAcknowledgement(sessionPresent: false, returnCode: 5)])
    }

    @Test("SUBACK: QoS 0 granted, QoS 2 granted, failure (figure 3.26)")
    func subscribeAcknowledgement() throws {
        #expect(
            try packets(in: [0x90, 0x05, 0x00, 0x0A, 0x00, 0x02, 0x80]) == [
                .subscribeAcknowledgement(
                    packetIdentifier: 10, returnCodes: [.granted(.atMostOnce), .granted(.exactlyOnce), .failure])
            ])
    }

    @Test("PUBLISH at QoS 1: topic \"a/b\", packet identifier 10 (figure 3.11), payload")
    func publish() throws {
        #expect(
            try packets(in: [0x32, 0x09, 0x00, 0x03, 0x61, 0x2F, 0x62, 0x00, 0x0A, 0x68, 0x69]) == [
                .publish(MQTTPublish(topic: "a/b", delivery: .atLeastOnce(packetIdentifier: 10), payload: Array("hi".utf8)))
            ])
    }

    @Test("PUBLISH at QoS 0 with DUP and RETAIN, and with an empty payload")
    func publishAtMostOnce() throws {
        #expect(
            try packets(in: [0x39, 0x05, 0x00, 0x03, 0x61, 0x2F, 0x62]) == [
                .publish(MQTTPublish(topic: "a/b", delivery: .atMostOnce, payload: [], duplicate: true, retain: true))
            ])
    }

    @Test("PUBACK: fixed header 0x40 0x02, then the packet identifier")
    func publishAcknowledgement() throws {
        #expect(try packets(in: [0x40, 0x02, 0x12, 0x34]) == [.publishAcknowledgement(packetIdentifier: 0x1234)])
    }

    @Test("a packet cut across three frames comes out once its last byte is there")
    func cutAcrossFrames() throws {
        var reader = MQTTPacketReader()
        reader.append([0x32])
        #expect(try reader.nextPacket() == nil)
        reader.append([0x09, 0x00, 0x03, 0x61])
        #expect(try reader.nextPacket() == nil)
        reader.append([0x2F, 0x62, 0x00, 0x0A, 0x68, 0x69])
        #expect(
            try reader.nextPacket()
                == .publish(MQTTPublish(topic: "a/b", delivery: .atLeastOnce(packetIdentifier: 10), payload: Array("hi".utf8))))
        #expect(try reader.nextPacket() == nil)
    }

    @Test("two packets in one frame come out in order")
    func twoInOneFrame() throws {
        #expect(
            try packets(in: [0x20, 0x02, 0x00, 0x00, 0x40, 0x02, 0x00, 0x01]) == [
                .connectAcknowledgement(sessionPresent: false, returnCode: 0), .publishAcknowledgement(packetIdentifier: 1),
            ])
    }

    @Test("a PUBACK with flags set or a CONNACK with a reserved bit set is malformed")
    func malformed() {
        #expect(throws: MQTTPacketError.malformed(packetType: 4)) { try packets(in: [0x41, 0x02, 0x00, 0x01]) }
        #expect(throws: MQTTPacketError.malformed(packetType: 2)) { try packets(in: [0x20, 0x02, 0x02, 0x00]) }
        #expect(throws: MQTTPacketError.malformed(packetType: 9)) { try packets(in: [0x90, 0x03, 0x00, 0x01, 0x03]) }
        #expect(throws: MQTTPacketError.malformed(packetType: 3)) { try packets(in: [0x30, 0x02, 0x00, 0x05]) }
    }

    @Test("a PUBLISH at QoS 2 is refused, and so are packets a server never sends to a client")
    func refused() {
        #expect(throws: MQTTPacketError.exactlyOnceNotSupported) {
            try packets(in: [0x34, 0x07, 0x00, 0x03, 0x61, 0x2F, 0x62, 0x00, 0x0A])
        }
        #expect(throws: MQTTPacketError.unexpectedPacketType(1)) { try packets(in: [0x10, 0x00]) }
        #expect(throws: MQTTPacketError.unexpectedPacketType(13)) { try packets(in: [0xD0, 0x00]) }
    }
}
