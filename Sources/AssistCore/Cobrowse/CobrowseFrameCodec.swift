/// Reads and writes the binary co-browse messages of protocol version 2
/// (`docs/protocol.md` §12). All integers are big-endian.
///
/// The app's frame (`/v1/consumer`, app → server):
///
/// | bytes | field |
/// |---|---|
/// | 4 | magic `ACF2` |
/// | 1 | flags: bit 0 = keyframe, the others 0 |
/// | 4 | frame number |
/// | 2 + 2 | window width, height (1–8192) |
/// | 2 | tile count (0–16384) |
/// | 13 + n per tile | x, y, width, height (2 bytes each), encoding (1), payload length (4), payload |
///
/// The relayed frame (`/v1/agent`, server → agent): magic `ACR2`, one byte
/// with the session id's UTF-8 length (1–128), the session id, then the
/// app's frame unchanged.
public enum CobrowseFrameCodec {
    /// The `refType` of error frames about app frames (`docs/protocol.md`
    /// §12.3), which have no type of their own.
    public static let errorRefType = "cobrowseFrame"
    /// The largest binary message either side accepts: 4 MiB.
    public static let maxMessageBytes = 4 * 1_024 * 1_024
    /// The largest relayed message: an app frame, its magic, and a session id.
    public static let maxRelayedMessageBytes = maxMessageBytes + 5 + ProtocolLimits.maxIdentifier
    /// The largest window side, in pixels.
    public static let maxDimension = 8_192
    /// The most tiles in one frame: an 8192 × 8192 window in 64-pixel tiles.
    public static let maxTiles = 16_384

    static let frameMagic: [UInt8] = Array("ACF2".utf8)
    static let relayMagic: [UInt8] = Array("ACR2".utf8)
    private static let keyframeFlag: UInt8 = 1

    /// The bytes of `frame`.
    ///
    /// - Precondition: the frame is within the limits above (the app's
    ///   capture builds only such frames).
    public static func encode(_ frame: CobrowseFrame) -> [UInt8] {
        var writer = ByteWriter(capacity: 15 + frame.tiles.reduce(0) { $0 + 13 + $1.payload.count })
        writer.append(frameMagic)
        writer.append(UInt8(frame.isKeyframe ? keyframeFlag : 0))
        writer.append(frame.number)
        writer.append(UInt16(frame.width))
        writer.append(UInt16(frame.height))
        writer.append(UInt16(frame.tiles.count))
        for tile in frame.tiles {
            writer.append(UInt16(tile.x))
            writer.append(UInt16(tile.y))
            writer.append(UInt16(tile.width))
            writer.append(UInt16(tile.height))
            writer.append(tile.encoding.rawValue)
            writer.append(UInt32(tile.payload.count))
            writer.append(tile.payload)
        }
        return writer.bytes
    }

    /// Reads an app's frame, checking every limit and every tile's bounds.
    ///
    /// - Throws: ``CobrowseFrameError``.
    public static func decode(_ bytes: ArraySlice<UInt8>) throws(CobrowseFrameError) -> CobrowseFrame {
        guard bytes.count <= maxMessageBytes else { throw .tooLarge(byteCount: bytes.count) }
        var reader = ByteReader(bytes)
        guard try reader.bytes(4) == frameMagic[...] else { throw .badMagic }
        let flags = try reader.uint8()
        guard flags & ~keyframeFlag == 0 else { throw .unknownFlags(flags) }
        let number = try reader.uint32()
        let width = Int(try reader.uint16())
        let height = Int(try reader.uint16())
        guard (1...maxDimension).contains(width), (1...maxDimension).contains(height) else {
            throw .badDimensions(width: width, height: height)
        }
        let count = Int(try reader.uint16())
        guard count <= maxTiles else { throw .tooManyTiles(count) }
        var tiles: [CobrowseTile] = []
        tiles.reserveCapacity(count)
        for index in 0..<count {
            let x = Int(try reader.uint16())
            let y = Int(try reader.uint16())
            let tileWidth = Int(try reader.uint16())
            let tileHeight = Int(try reader.uint16())
            guard tileWidth > 0, tileHeight > 0, x + tileWidth <= width, y + tileHeight <= height else {
                throw .tileOutOfBounds(index: index)
            }
            let rawEncoding = try reader.uint8()
            guard let encoding = CobrowseTile.Encoding(rawValue: rawEncoding) else {
                throw .unknownEncoding(index: index, value: rawEncoding)
            }
            let length = Int(try reader.uint32())
            let payload = Array(try reader.bytes(length))
            if encoding == .solid, payload.count != 4 { throw .badSolidPayload(index: index) }
            tiles.append(
                CobrowseTile(x: x, y: y, width: tileWidth, height: tileHeight, encoding: encoding, payload: payload))
        }
        guard reader.remaining == 0 else { throw .trailingBytes(count: reader.remaining) }
        let isKeyframe = flags & keyframeFlag != 0
        if isKeyframe, !TileCoverage.covers(tiles, width: width, height: height) { throw .keyframeNotCovering }
        return CobrowseFrame(number: number, isKeyframe: isKeyframe, width: width, height: height, tiles: tiles)
    }

    /// Reads an app's frame from a whole byte array.
    public static func decode(_ bytes: [UInt8]) throws(CobrowseFrameError) -> CobrowseFrame {
        try decode(bytes[...])
    }

    /// The message that carries an app's already-checked frame to an agent.
    ///
    /// - Precondition: `sessionID` is 1–128 bytes of UTF-8.
    public static func relay(_ frameBytes: [UInt8], session sessionID: SessionID) -> [UInt8] {
        let id = Array(sessionID.rawValue.utf8)
        var writer = ByteWriter(capacity: 5 + id.count + frameBytes.count)
        writer.append(relayMagic)
        writer.append(UInt8(id.count))
        writer.append(id)
        writer.append(frameBytes)
        return writer.bytes
    }

    /// Reads a relayed frame: the session it belongs to and the frame.
    ///
    /// - Throws: ``CobrowseFrameError``.
    public static func decodeRelayed(_ bytes: [UInt8]) throws(CobrowseFrameError) -> (SessionID, CobrowseFrame) {
        guard bytes.count <= maxRelayedMessageBytes else {
            throw .tooLarge(byteCount: bytes.count)
        }
        var reader = ByteReader(bytes[...])
        guard try reader.bytes(4) == relayMagic[...] else { throw .badMagic }
        let length = Int(try reader.uint8())
        guard (1...ProtocolLimits.maxIdentifier).contains(length),
            let id = String(validating: try reader.bytes(length), as: UTF8.self)
        else { throw .badSessionID }
        return (SessionID(id), try decode(reader.rest))
    }
}
