/// The server's answer to one subscription of a SUBSCRIBE packet, in its
/// SUBACK (MQTT 3.1.1, section 3.9.3).
public enum MQTTSubscribeReturnCode: Sendable, Equatable {
    /// The subscription was made, with this maximum QoS (0x00, 0x01 or 0x02).
    case granted(MQTTQoS)
    /// The subscription was refused (0x80).
    case failure
}
