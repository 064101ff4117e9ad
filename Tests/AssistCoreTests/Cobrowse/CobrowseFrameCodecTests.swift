import AssistCore
import Testing

@Suite("Co-browse frame codec")
struct CobrowseFrameCodecTests {
    private let frame = CobrowseFrame(
        number: 70_000, isKeyframe: true, width: 800, height: 600,
        tiles: [
            .solid(x: 0, y: 0, width: 800, height: 600, color: RGBAColor8(red: 250, green: 250, blue: 250)),
            CobrowseTile(x: 0, y: 0, width: 64, height: 64, encoding: .png, payload: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]),
            .solid(x: 736, y: 576, width: 64, height: 24, color: RGBAColor8(red: 1, green: 2, blue: 3)),
        ])

    @Test("a frame reads back exactly as it was written")
    func roundTrip() throws {
        let bytes = CobrowseFrameCodec.encode(frame)
        #expect(Array(bytes.prefix(4)) == Array("ACF2".utf8))
        #expect(bytes.count == 15 + (13 + 4) + (13 + 7) + (13 + 4))
        #expect(try CobrowseFrameCodec.decode(bytes) == frame)
    }

    @Test("integers are big-endian at the documented offsets")
    func layout() {
        let bytes = CobrowseFrameCodec.encode(frame)
        #expect(bytes[4] == 1, "keyframe flag")
        #expect(Array(bytes[5..<9]) == [0x00, 0x01, 0x11, 0x70], "frame number 70000")
        #expect(Array(bytes[9..<15]) == [0x03, 0x20, 0x02, 0x58, 0x00, 0x03], "800 × 600, 3 tiles")
    }

    @Test("an update without tiles is valid: it says nothing changed")
    func emptyUpdate() throws {
        let empty = CobrowseFrame(number: 1, isKeyframe: false, width: 10, height: 10, tiles: [])
        #expect(try CobrowseFrameCodec.decode(CobrowseFrameCodec.encode(empty)) == empty)
    }

    @Test("every prefix of a frame is refused as truncated, never read past its end")
    func everyTruncationIsAnError() {
        let bytes = CobrowseFrameCodec.encode(frame)
        for length in 0..<bytes.count {
            #expect(throws: CobrowseFrameError.self) { try CobrowseFrameCodec.decode(Array(bytes.prefix(length))) }
        }
    }

    @Test("bad magic, unknown flags, sizes, bounds, encodings and trailing bytes each get their own error")
    func malformedFrames() {
        let good = CobrowseFrameCodec.encode(frame)
        func mutated(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
            var bytes = good
            change(&bytes)
            return bytes
        }
        let cases: [([UInt8], CobrowseFrameError)] = [
            (mutated { $0[0] = 0x58 }, .badMagic),
            (mutated { $0[4] = 0x03 }, .unknownFlags(3)),
            (mutated { $0[9] = 0; $0[10] = 0 }, .badDimensions(width: 0, height: 600)),
            (mutated { $0[11] = 0x20; $0[12] = 0x01 }, .badDimensions(width: 800, height: 8_193)),
            (mutated { $0[15] = 0x03; $0[16] = 0x00 }, .tileOutOfBounds(index: 0)),
            (mutated { $0[21] = 0; $0[22] = 0 }, .tileOutOfBounds(index: 0)),
            (mutated { $0[23] = 9 }, .unknownEncoding(index: 0, value: 9)),
            (mutated { $0.append(0) }, .trailingBytes(count: 1)),
        ]
        for (bytes, expected) in cases {
            #expect(throws: expected) { try CobrowseFrameCodec.decode(bytes) }
        }
        let badSolid = CobrowseFrame(
            number: 1, isKeyframe: false, width: 8, height: 8,
            tiles: [CobrowseTile(x: 0, y: 0, width: 8, height: 8, encoding: .solid, payload: [1, 2, 3])])
        #expect(throws: CobrowseFrameError.badSolidPayload(index: 0)) {
            try CobrowseFrameCodec.decode(CobrowseFrameCodec.encode(badSolid))
        }
        #expect(throws: CobrowseFrameError.tooLarge(byteCount: CobrowseFrameCodec.maxMessageBytes + 1)) {
            try CobrowseFrameCodec.decode([UInt8](repeating: 0, count: CobrowseFrameCodec.maxMessageBytes + 1))
        }
    }

    @Test("a relayed frame names its session and carries the app's bytes unchanged")
    func relay() throws {
        let bytes = CobrowseFrameCodec.encode(frame)
        let relayed = CobrowseFrameCodec.relay(bytes, session: SessionID("s-42"))
        #expect(Array(relayed.prefix(4)) == Array("ACR2".utf8))
        #expect(Array(relayed.suffix(bytes.count)) == bytes)
        let (session, decoded) = try CobrowseFrameCodec.decodeRelayed(relayed)
        #expect(session == SessionID("s-42"))
        #expect(decoded == frame)
    }

    @Test("a relayed frame with an empty or non-UTF-8 session id is refused")
    func relayedSessionIDs() {
        let bytes = CobrowseFrameCodec.encode(frame)
        #expect(throws: CobrowseFrameError.badSessionID) {
            try CobrowseFrameCodec.decodeRelayed(Array("ACR2".utf8) + [0] + bytes)
        }
        #expect(throws: CobrowseFrameError.badSessionID) {
            try CobrowseFrameCodec.decodeRelayed(Array("ACR2".utf8) + [2, 0xFF, 0xFE] + bytes)
        }
    }
}
