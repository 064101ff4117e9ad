/// Why bytes could not be read as a co-browse frame. The receiver drops the
/// frame and reports it (`invalidFrame`); it never traps.
public enum CobrowseFrameError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message is larger than ``CobrowseFrameCodec/maxMessageBytes``.
    case tooLarge(byteCount: Int)
    /// The bytes end before the structure they announce.
    case truncated(at: Int)
    /// The first bytes are not the expected magic.
    case badMagic
    /// Flag bits that this version does not define are set.
    case unknownFlags(UInt8)
    /// The window's width or height is 0 or above ``CobrowseFrameCodec/maxDimension``.
    case badDimensions(width: Int, height: Int)
    /// More tiles than ``CobrowseFrameCodec/maxTiles``.
    case tooManyTiles(Int)
    /// Tile `index` has an empty size or lies partly outside the window.
    case tileOutOfBounds(index: Int)
    /// Tile `index` names an encoding this version does not know.
    case unknownEncoding(index: Int, value: UInt8)
    /// Tile `index` is solid but its payload is not 4 bytes.
    case badSolidPayload(index: Int)
    /// Bytes follow the last tile.
    case trailingBytes(count: Int)
    /// A keyframe's tiles leave part of the window uncovered, so a viewer
    /// could not start from it.
    case keyframeNotCovering
    /// A relayed frame's session id is empty, too long or not UTF-8.
    case badSessionID

    /// One sentence for logs and error frames.
    public var description: String {
        switch self {
        case .tooLarge(let count): "the co-browse frame has \(count) bytes, more than \(CobrowseFrameCodec.maxMessageBytes)"
        case .truncated(let offset): "the co-browse frame ends early, at byte \(offset)"
        case .badMagic: "the binary frame is not a co-browse frame (bad magic)"
        case .unknownFlags(let flags): "the co-browse frame sets unknown flags \(flags)"
        case .badDimensions(let width, let height): "the co-browse frame's size \(width)×\(height) is out of range"
        case .tooManyTiles(let count): "the co-browse frame has \(count) tiles, more than \(CobrowseFrameCodec.maxTiles)"
        case .tileOutOfBounds(let index): "tile \(index) is empty or outside the window"
        case .unknownEncoding(let index, let value): "tile \(index) has unknown encoding \(value)"
        case .badSolidPayload(let index): "solid tile \(index) does not carry exactly 4 bytes"
        case .trailingBytes(let count): "\(count) bytes follow the last tile"
        case .keyframeNotCovering: "the keyframe's tiles leave part of the window uncovered"
        case .badSessionID: "the relayed frame's session id is not 1–128 bytes of UTF-8"
        }
    }
}
