import AssistCore

/// The properties of the binary co-browse codec (`docs/protocol.md` §12.4),
/// whatever the bytes.
public enum CobrowseFrameProperties {
    /// Windows up to this many pixels get their keyframe coverage counted
    /// pixel by pixel, to check the codec's sweep against.
    static let countedPixels = 4_096

    /// Reads `bytes` as a relayed frame when they start with `ACR2`, as an
    /// app frame otherwise, and checks:
    /// - an app frame that decodes encodes to the same bytes, and relayed
    ///   under a session id decodes to that id and an equal frame;
    /// - a relayed frame that decodes is rebuilt byte for byte from its id
    ///   and its frame;
    /// - a small window's keyframe is accepted exactly when its tiles cover
    ///   every pixel;
    /// - a rejection is a ``CobrowseFrameError`` that stays inside the input
    ///   (a truncation offset or tile index within it).
    public static func check(_ bytes: [UInt8]) {
        if bytes.starts(with: "ACR2".utf8) {
            checkRelayed(bytes)
        } else {
            checkAppFrame(bytes)
        }
    }

    private static func checkAppFrame(_ bytes: [UInt8]) {
        let frame: CobrowseFrame
        do {
            frame = try CobrowseFrameCodec.decode(bytes)
        } catch {
            checkRejection(error, of: bytes)
            return
        }
        fuzzCheck(CobrowseFrameCodec.encode(frame) == bytes, "frame \(frame) does not re-encode to its bytes")
        if frame.isKeyframe, let covered = coveredPixels(frame) {
            fuzzCheck(covered, "keyframe \(frame) was accepted but leaves pixels uncovered")
        }
        let session = SessionID("session-1")
        do {
            let (id, relayed) = try CobrowseFrameCodec.decodeRelayed(CobrowseFrameCodec.relay(bytes, session: session))
            fuzzCheck(id == session && relayed == frame, "relaying \(frame) gave \(id), \(relayed)")
        } catch {
            fuzzCheck(false, "relaying \(frame) gave a frame that does not decode: \(error)")
        }
    }

    private static func checkRelayed(_ bytes: [UInt8]) {
        let session: SessionID
        let frame: CobrowseFrame
        do {
            (session, frame) = try CobrowseFrameCodec.decodeRelayed(bytes)
        } catch {
            checkRejection(error, of: bytes)
            return
        }
        let rebuilt = CobrowseFrameCodec.relay(CobrowseFrameCodec.encode(frame), session: session)
        fuzzCheck(rebuilt == bytes, "relayed frame \(session), \(frame) does not re-encode to its bytes")
    }

    private static func checkRejection(_ error: CobrowseFrameError, of bytes: [UInt8]) {
        switch error {
        case .truncated(let offset):
            fuzzCheck((0...bytes.count).contains(offset), "truncation offset \(offset) outside \(bytes.count) bytes")
        case .tileOutOfBounds(let index), .unknownEncoding(let index, _), .badSolidPayload(let index):
            fuzzCheck(index >= 0 && 13 * index < bytes.count, "tile index \(index) beyond \(bytes.count) bytes")
        case .trailingBytes(let count):
            fuzzCheck(count > 0 && count < bytes.count, "\(count) trailing bytes of \(bytes.count)")
        case .keyframeNotCovering:
            if let frame = keyframeIgnoringCoverage(bytes), let covered = coveredPixels(frame) {
                fuzzCheck(!covered, "keyframe \(frame) covers every pixel but was rejected")
            }
        case .tooLarge, .badMagic, .unknownFlags, .badDimensions, .tooManyTiles, .badSessionID:
            break
        }
        fuzzCheck(!error.description.isEmpty, "\(error) has no description")
    }

    /// The frame in `bytes` (app frame or relayed) read as a non-keyframe,
    /// which skips the coverage check, marked as a keyframe again.
    private static func keyframeIgnoringCoverage(_ bytes: [UInt8]) -> CobrowseFrame? {
        var appFrame = bytes
        if bytes.starts(with: "ACR2".utf8) {
            guard bytes.count > 5 else { return nil }
            appFrame = Array(bytes.dropFirst(5 + Int(bytes[4])))
        }
        guard appFrame.count > 4 else { return nil }
        appFrame[4] &= ~1
        guard var frame = try? CobrowseFrameCodec.decode(appFrame) else { return nil }
        frame.isKeyframe = true
        return frame
    }

    /// Whether `frame`'s tiles cover every pixel of its window, counted one
    /// by one; `nil` for windows too large to count.
    private static func coveredPixels(_ frame: CobrowseFrame) -> Bool? {
        guard frame.width * frame.height <= countedPixels else { return nil }
        var covered = [Bool](repeating: false, count: frame.width * frame.height)
        for tile in frame.tiles {
            for y in tile.y..<(tile.y + tile.height) {
                for x in tile.x..<(tile.x + tile.width) { covered[y * frame.width + x] = true }
            }
        }
        return !covered.contains(false)
    }
}
