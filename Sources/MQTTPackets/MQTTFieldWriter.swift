/// Writes the fields packets are made of (MQTT 3.1.1, section 1.5).
struct MQTTFieldWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// A two-byte integer, most significant byte first.
    mutating func append(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    /// One byte.
    mutating func append(_ value: UInt8) {
        bytes.append(value)
    }

    /// A UTF-8 string: its length in bytes as a two-byte integer, then the bytes.
    mutating func append(_ text: String) {
        let utf8 = Array(text.utf8)
        precondition(utf8.count <= Int(UInt16.max), "an MQTT string holds at most 65,535 bytes")
        append(UInt16(utf8.count))
        bytes += utf8
    }

    /// Bytes as they are, e.g. a payload.
    mutating func append(contentsOf raw: [UInt8]) {
        bytes += raw
    }

    /// A whole packet: the fixed header's first byte (`type` and its four
    /// flag bits), the remaining length, then these bytes.
    func packet(_ type: MQTTPacketType, flags: UInt8) -> [UInt8] {
        var packet = [type.rawValue << 4 | flags & 0x0F]
        MQTTRemainingLength.append(bytes.count, to: &packet)
        return packet + bytes
    }
}
