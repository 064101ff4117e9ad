/// Why bytes from the server are not a packet this module reads.
public enum MQTTPacketError: Error, Sendable, Equatable {
    /// The remaining length takes more than four bytes (MQTT 3.1.1, section 2.2.3).
    case malformedRemainingLength
    /// A packet of this type (the fixed header's high four bits) breaks the
    /// specification: wrong flags, wrong length, or a value out of range.
    case malformed(packetType: UInt8)
    /// A packet type a server does not send to a client, or one this module
    /// does not read (QoS 2's PUBREC, PUBREL, PUBCOMP; UNSUBACK; PINGRESP).
    case unexpectedPacketType(UInt8)
    /// A PUBLISH at QoS 2, which this module does not take part in.
    case exactlyOnceNotSupported
}
