@testable import MQTTPackets
import Testing

/// Table 2.4 of MQTT 3.1.1 (section 2.2.3): the smallest and largest
/// remaining length of each byte count, and its bytes.
private let remainingLengthTable: [(length: Int, bytes: [UInt8])] = [
    (0, [0x00]),
    (127, [0x7F]),
    (128, [0x80, 0x01]),
    (16_383, [0xFF, 0x7F]),
    (16_384, [0x80, 0x80, 0x01]),
    (2_097_151, [0xFF, 0xFF, 0x7F]),
    (2_097_152, [0x80, 0x80, 0x80, 0x01]),
    (268_435_455, [0xFF, 0xFF, 0xFF, 0x7F]),
]

/// The remaining length against table 2.4 of MQTT 3.1.1.
@Suite("Remaining length (MQTT 3.1.1 table 2.4)")
struct MQTTRemainingLengthTests {
    @Test("writes each length as the table does", arguments: remainingLengthTable)
    func writes(length: Int, bytes: [UInt8]) {
        var written: [UInt8] = []
        MQTTRemainingLength.append(length, to: &written)
        #expect(written == bytes)
    }

    @Test("reads each of the table's byte sequences", arguments: remainingLengthTable)
    func reads(length: Int, bytes: [UInt8]) throws {
        let read = try #require(try MQTTRemainingLength.read(from: bytes[...] + [0xAA]))
        #expect(read.length == length)
        #expect(read.byteCount == bytes.count)
    }

    @Test("waits for the rest of a length cut short")
    func cutShort() throws {
        #expect(try MQTTRemainingLength.read(from: [0x80, 0x80]) == nil)
        #expect(try MQTTRemainingLength.read(from: []) == nil)
    }

    @Test("refuses a fifth byte")
    func fiveBytes() {
        #expect(throws: MQTTPacketError.malformedRemainingLength) {
            try MQTTRemainingLength.read(from: [0xFF, 0xFF, 0xFF, 0xFF, 0x01])
        }
        #expect(throws: MQTTPacketError.malformedRemainingLength) {
            try MQTTRemainingLength.read(from: [0x80, 0x80, 0x80, 0x80])
        }
    }
}
