/// The control packet types this module writes or reads: the high four bits
/// of a fixed header's first byte (MQTT 3.1.1, section 2.2.1).
enum MQTTPacketType: UInt8 {
    case connect = 1
    case connectAcknowledgement = 2
    case publish = 3
    case publishAcknowledgement = 4
    case subscribe = 8
    case subscribeAcknowledgement = 9
}
