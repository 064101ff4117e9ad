/// An MQTT quality of service level (MQTT 3.1.1, section 4.3).
public enum MQTTQoS: UInt8, Sendable, Equatable {
    /// QoS 0: delivered at most once, never acknowledged.
    case atMostOnce = 0
    /// QoS 1: delivered at least once; each PUBLISH is answered by a PUBACK.
    case atLeastOnce = 1
    /// QoS 2: delivered exactly once, through a four-packet exchange.
    case exactlyOnce = 2
}
