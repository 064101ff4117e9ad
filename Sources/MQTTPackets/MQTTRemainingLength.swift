/// The remaining length of a fixed header: the bytes after it, as a
/// variable byte integer of one to four bytes, seven bits each, least
/// significant first, the high bit set on every byte but the last
/// (MQTT 3.1.1, section 2.2.3).
enum MQTTRemainingLength {
    /// The largest remaining length four bytes hold: 268,435,455.
    static let maximum = 268_435_455

    /// Appends `length` (0...``maximum``) to `bytes`.
    static func append(_ length: Int, to bytes: inout [UInt8]) {
        precondition((0...maximum).contains(length), "an MQTT packet holds at most \(maximum) bytes after its fixed header")
        var rest = length
        repeat {
            var byte = UInt8(rest % 128)
            rest /= 128
            if rest > 0 { byte |= 0x80 }
            bytes.append(byte)
        } while rest > 0
    }

    /// Reads a remaining length from the start of `bytes`: the length and how
    /// many bytes it took, or `nil` when `bytes` ends before its last byte.
    static func read(from bytes: ArraySlice<UInt8>) throws(MQTTPacketError) -> (length: Int, byteCount: Int)? {
        var length = 0
        var multiplier = 1
        for (offset, byte) in bytes.enumerated() {
            guard offset < 4 else { throw .malformedRemainingLength }
            length += Int(byte & 0x7F) * multiplier
            if byte & 0x80 == 0 { return (length, offset + 1) }
            multiplier *= 128
        }
        if bytes.count >= 4 { throw .malformedRemainingLength }
        return nil
    }
}
