/// An application message in a PUBLISH packet (MQTT 3.1.1, section 3.3),
/// at QoS 0 or 1: this module does not take part in QoS 2's exchange.
public struct MQTTPublish: Sendable, Equatable {
    /// How the message is delivered, and the packet identifier a QoS 1
    /// message carries.
    public enum Delivery: Sendable, Equatable {
        /// QoS 0: no packet identifier, no acknowledgement.
        case atMostOnce
        /// QoS 1: the receiver answers with a PUBACK carrying `packetIdentifier` (never 0).
        case atLeastOnce(packetIdentifier: UInt16)
    }

    /// The topic the message is published to (no wildcards).
    public var topic: String
    /// QoS 0 or QoS 1 with its packet identifier.
    public var delivery: Delivery
    /// The application message, opaque to MQTT.
    public var payload: [UInt8]
    /// Whether this is a redelivery of an earlier attempt (the DUP flag).
    public var duplicate: Bool
    /// Whether the server keeps the message for later subscribers (the RETAIN flag).
    public var retain: Bool

    /// A message for `topic`, neither a redelivery nor retained unless asked.
    public init(topic: String, delivery: Delivery, payload: [UInt8], duplicate: Bool = false, retain: Bool = false) {
        self.topic = topic
        self.delivery = delivery
        self.payload = payload
        self.duplicate = duplicate
        self.retain = retain
    }
}
