/// One topic filter of a SUBSCRIBE packet and the QoS asked for it
/// (MQTT 3.1.1, section 3.8.3).
public struct MQTTSubscription: Sendable, Equatable {
    /// The topic filter, which may hold the wildcards `+` and `#`.
    public var topicFilter: String
    /// The highest QoS the server may send matching messages with.
    public var qos: MQTTQoS

    /// A subscription to `topicFilter` at `qos`.
    public init(topicFilter: String, qos: MQTTQoS) {
        self.topicFilter = topicFilter
        self.qos = qos
    }
}
