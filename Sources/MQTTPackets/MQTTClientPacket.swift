/// A packet a client sends, of the kinds a client needs to publish and
/// subscribe at QoS 0 or 1 (MQTT 3.1.1, chapter 3), and its bytes.
public enum MQTTClientPacket: Sendable, Equatable {
    /// CONNECT (section 3.1): protocol "MQTT" level 4, no will, user name or
    /// password. `keepAliveSeconds` 0 turns the keep-alive off; a clean
    /// session starts without any state the server kept for `clientIdentifier`.
    case connect(clientIdentifier: String, keepAliveSeconds: UInt16, cleanSession: Bool)
    /// SUBSCRIBE (section 3.8), answered by a SUBACK with the same non-zero
    /// packet identifier.
    case subscribe(packetIdentifier: UInt16, subscriptions: [MQTTSubscription])
    /// PUBLISH (section 3.3).
    case publish(MQTTPublish)
    /// PUBACK (section 3.4): the answer to a QoS 1 PUBLISH the server sent.
    case publishAcknowledgement(packetIdentifier: UInt16)

    /// The packet's bytes: fixed header, variable header, payload.
    public var encoded: [UInt8] {
        var fields = MQTTFieldWriter()
        switch self {
        case .connect(let clientIdentifier, let keepAliveSeconds, let cleanSession):
            fields.append("MQTT")
            fields.append(Self.protocolLevel)
            fields.append(cleanSession ? Self.cleanSessionFlag : 0)
            fields.append(keepAliveSeconds)
            fields.append(clientIdentifier)
            return fields.packet(.connect, flags: 0)
        case .subscribe(let packetIdentifier, let subscriptions):
            precondition(!subscriptions.isEmpty, "a SUBSCRIBE holds at least one topic filter")
            fields.append(packetIdentifier)
            for subscription in subscriptions {
                fields.append(subscription.topicFilter)
                fields.append(subscription.qos.rawValue)
            }
            return fields.packet(.subscribe, flags: Self.subscribeFlags)
        case .publish(let message):
            fields.append(message.topic)
            var flags: UInt8 = (message.duplicate ? 0x08 : 0) | (message.retain ? 0x01 : 0)
            if case .atLeastOnce(let packetIdentifier) = message.delivery {
                fields.append(packetIdentifier)
                flags |= MQTTQoS.atLeastOnce.rawValue << 1
            }
            fields.append(contentsOf: message.payload)
            return fields.packet(.publish, flags: flags)
        case .publishAcknowledgement(let packetIdentifier):
            fields.append(packetIdentifier)
            return fields.packet(.publishAcknowledgement, flags: 0)
        }
    }

    /// The protocol level of MQTT 3.1.1 (section 3.1.2.2).
    private static let protocolLevel: UInt8 = 4
    /// The Clean Session bit of the connect flags (section 3.1.2.4).
    private static let cleanSessionFlag: UInt8 = 0x02
    /// A SUBSCRIBE's fixed header flags, which the specification fixes at 0010 (section 3.8.1).
    private static let subscribeFlags: UInt8 = 0x02
}
