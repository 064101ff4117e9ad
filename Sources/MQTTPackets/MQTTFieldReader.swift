/// Reads the fields of one packet's variable header and payload (MQTT
/// 3.1.1, section 1.5); running out of bytes makes the packet malformed.
struct MQTTFieldReader {
    private var rest: ArraySlice<UInt8>
    private let packetType: UInt8

    /// A reader of `body`, the bytes after the fixed header of a packet of `packetType`.
    init(_ body: ArraySlice<UInt8>, packetType: UInt8) {
        rest = body
        self.packetType = packetType
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { rest.isEmpty }

    /// One byte.
    mutating func readByte() throws(MQTTPacketError) -> UInt8 {
        guard let byte = rest.popFirst() else { throw .malformed(packetType: packetType) }
        return byte
    }

    /// A two-byte integer, most significant byte first.
    mutating func readUInt16() throws(MQTTPacketError) -> UInt16 {
        let high = try readByte()
        return UInt16(high) << 8 | UInt16(try readByte())
    }

    /// A UTF-8 string with its two-byte length; invalid UTF-8 is malformed.
    mutating func readString() throws(MQTTPacketError) -> String {
        let count = Int(try readUInt16())
        guard rest.count >= count, let text = String(validating: rest.prefix(count), as: UTF8.self) else {
            throw .malformed(packetType: packetType)
        }
        rest = rest.dropFirst(count)
        return text
    }

    /// Every byte not read yet.
    mutating func readRest() -> [UInt8] {
        defer { rest = [] }
        return Array(rest)
    }
}
