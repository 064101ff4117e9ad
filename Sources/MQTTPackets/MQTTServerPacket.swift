/// A packet a server sends to a client that publishes and subscribes at
/// QoS 0 or 1 (MQTT 3.1.1, chapter 3), read from its bytes.
public enum MQTTServerPacket: Sendable, Equatable {
    /// CONNACK (section 3.2): `returnCode` 0 accepts the connection; 1–5
    /// refuse it (protocol level, identifier, server unavailable, bad user
    /// name or password, not authorised).
    case connectAcknowledgement(sessionPresent: Bool, returnCode: UInt8)
    /// SUBACK (section 3.9): one return code per subscription, in order.
    case subscribeAcknowledgement(packetIdentifier: UInt16, returnCodes: [MQTTSubscribeReturnCode])
    /// PUBLISH (section 3.3): a message for one of the client's subscriptions.
    case publish(MQTTPublish)
    /// PUBACK (section 3.4): the server has a QoS 1 message the client published.
    case publishAcknowledgement(packetIdentifier: UInt16)

    /// Reads the packet whose fixed header's first byte is `header` and
    /// whose remaining bytes are `body`.
    init(header: UInt8, body: ArraySlice<UInt8>) throws(MQTTPacketError) {
        let typeBits = header >> 4
        let flags = header & 0x0F
        guard let type = MQTTPacketType(rawValue: typeBits) else { throw .unexpectedPacketType(typeBits) }
        var fields = MQTTFieldReader(body, packetType: typeBits)
        switch type {
        case .connectAcknowledgement:
            let acknowledgeFlags = try fields.readByte()
            let returnCode = try fields.readByte()
            guard flags == 0, acknowledgeFlags & 0xFE == 0, returnCode <= 5, fields.isAtEnd else {
                throw .malformed(packetType: typeBits)
            }
            self = .connectAcknowledgement(sessionPresent: acknowledgeFlags == 1, returnCode: returnCode)
        case .subscribeAcknowledgement:
            let packetIdentifier = try fields.readUInt16()
            var returnCodes: [MQTTSubscribeReturnCode] = []
            while !fields.isAtEnd {
                let code = try fields.readByte()
                if code == 0x80 {
                    returnCodes.append(.failure)
                } else if let qos = MQTTQoS(rawValue: code) {
                    returnCodes.append(.granted(qos))
                } else {
                    throw .malformed(packetType: typeBits)
                }
            }
            guard flags == 0, !returnCodes.isEmpty else { throw .malformed(packetType: typeBits) }
            self = .subscribeAcknowledgement(packetIdentifier: packetIdentifier, returnCodes: returnCodes)
        case .publish:
            let topic = try fields.readString()
            let delivery: MQTTPublish.Delivery
            switch MQTTQoS(rawValue: flags >> 1 & 0x03) {
            case .atMostOnce: delivery = .atMostOnce
            case .atLeastOnce: delivery = .atLeastOnce(packetIdentifier: try fields.readUInt16())
            case .exactlyOnce: throw .exactlyOnceNotSupported
            case nil: throw .malformed(packetType: typeBits)
            }
            self = .publish(
                MQTTPublish(
                    topic: topic, delivery: delivery, payload: fields.readRest(), duplicate: flags & 0x08 != 0,
                    retain: flags & 0x01 != 0))
        case .publishAcknowledgement:
            let packetIdentifier = try fields.readUInt16()
            guard flags == 0, fields.isAtEnd else { throw .malformed(packetType: typeBits) }
            self = .publishAcknowledgement(packetIdentifier: packetIdentifier)
        case .connect, .subscribe:
            throw .unexpectedPacketType(typeBits)
        }
    }
}
