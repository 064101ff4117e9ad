import AssistCore
import Testing

@Suite("Frame tiler: keyframes, changed tiles and solid tiles")
struct FrameTilerTests {
    /// A buffer whose every pixel differs from its neighbours, with `padding`
    /// bytes after each row.
    private func patterned(width: Int, height: Int, padding: Int = 0) -> PixelBuffer {
        let stride = width * 4 + padding
        var bytes = [UInt8](repeating: 0xAB, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let offset = y * stride + x * 4
                bytes[offset ..< offset + 4] = [UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8((x * 7 + y * 3) & 0xFF), 255]
            }
        }
        return PixelBuffer(width: width, height: height, stride: stride, bytes: bytes)
    }

    private func filled(width: Int, height: Int, blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8) -> PixelBuffer {
        let pixel = [blue, green, red, alpha]
        return PixelBuffer(
            width: width, height: height, stride: width * 4,
            bytes: Array((0..<(width * height)).map { _ in pixel }.joined()))
    }

    private func setting(_ buffer: PixelBuffer, x: Int, y: Int, to pixel: [UInt8]) -> PixelBuffer {
        var changed = buffer
        let offset = y * buffer.stride + x * 4
        changed.bytes[offset ..< offset + 4] = pixel[...]
        return changed
    }

    /// An encoder that records the rectangles it is asked for.
    private final class RecordingEncoder {
        var rects: [PixelRect] = []
        func encode(_ buffer: PixelBuffer, _ rect: PixelRect) -> [UInt8] {
            rects.append(rect)
            return [0x89, 0x50, 0x4E, 0x47, UInt8(rect.x & 0xFF), UInt8(rect.y & 0xFF)]
        }
    }

    private func tileRects(_ frame: CobrowseFrame?) -> [PixelRect] {
        frame?.tiles.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? []
    }

    /// How many tiles hold each pixel of the frame's window.
    private func coverage(_ frame: CobrowseFrame) -> [Int] {
        let rects = tileRects(frame)
        return (0..<frame.height).flatMap { y in (0..<frame.width).map { x in rects.count { $0.contains(x: x, y: y) } } }
    }

    @Test("encodeAll gets every tile that needs PNG at once, in tile order, and its payloads land on those tiles")
    func batchEncoding() {
        var tiler = FrameTiler(tileSize: 64)
        var batches: [[PixelRect]] = []
        let frame = tiler.frame(of: patterned(width: 130, height: 70)) { _, rects in
            batches.append(rects)
            return rects.map { [UInt8(truncatingIfNeeded: $0.x), UInt8(truncatingIfNeeded: $0.y)] }
        }
        #expect(batches.count == 1)
        let pngTiles = frame?.tiles.filter { $0.encoding == .png } ?? []
        #expect(pngTiles.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } == batches.first)
        #expect(pngTiles.allSatisfy { $0.payload == [UInt8(truncatingIfNeeded: $0.x), UInt8(truncatingIfNeeded: $0.y)] })
    }

    @Test("the first frame is keyframe number 1 whose tiles cover the window exactly once")
    func firstFrameIsKeyframe() throws {
        var tiler = FrameTiler()
        let frameResult = tiler.frame(from: patterned(width: 150, height: 100, padding: 8)) { _, _ in [1] }
        let frame = try #require(frameResult)
        #expect(frame.isKeyframe && frame.number == 1)
        #expect(frame.width == 150 && frame.height == 100)
        #expect(frame.tiles.count == 6)
        #expect(coverage(frame).allSatisfy { $0 == 1 })
    }

    @Test("an unchanged capture gives no frame, even with another row stride")
    func unchangedGivesNil() {
        var tiler = FrameTiler()
        let buffer = patterned(width: 70, height: 40)
        _ = tiler.frame(from: buffer) { _, _ in [] }
        let same = tiler.frame(from: buffer) { _, _ in [] }
        #expect(same == nil)
        let restrided = tiler.frame(from: patterned(width: 70, height: 40, padding: 12)) { _, _ in [] }
        #expect(restrided == nil)
        #expect(tiler.lastFrameNumber == 1)
    }

    @Test("one changed pixel gives exactly the tile that holds it")
    func onePixel() throws {
        var tiler = FrameTiler()
        let buffer = patterned(width: 150, height: 100)
        _ = tiler.frame(from: buffer) { _, _ in [] }
        let encoder = RecordingEncoder()
        let frameResult = tiler.frame(from: setting(buffer, x: 70, y: 65, to: [1, 2, 3, 255]), encode: encoder.encode)
        let frame = try #require(frameResult)
        #expect(!frame.isKeyframe && frame.number == 2)
        #expect(tileRects(frame) == [PixelRect(x: 64, y: 64, width: 64, height: 36)])
        #expect(encoder.rects == [PixelRect(x: 64, y: 64, width: 64, height: 36)])
        #expect(frame.tiles[0].encoding == .png)
    }

    @Test("a tile of one colour is solid in straight RGBA, a premultiplied half-transparent one included")
    func solidTiles() throws {
        var tiler = FrameTiler(tileSize: 8)
        let encoder = RecordingEncoder()
        let translucent = filled(width: 16, height: 8, blue: 0, green: 64, red: 128, alpha: 128)
        let frameResult = tiler.frame(from: translucent, encode: encoder.encode)
        let frame = try #require(frameResult)
        #expect(encoder.rects.isEmpty)
        #expect(frame.tiles.count == 2)
        #expect(frame.tiles.allSatisfy { $0.encoding == .solid && $0.payload == [255, 128, 0, 128] })

        let opaque = filled(width: 16, height: 8, blue: 30, green: 20, red: 10, alpha: 255)
        let nextResult = tiler.frame(from: opaque, encode: encoder.encode)
        let next = try #require(nextResult)
        #expect(next.tiles == [
            .solid(x: 0, y: 0, width: 8, height: 8, color: RGBAColor8(red: 10, green: 20, blue: 30)),
            .solid(x: 8, y: 0, width: 8, height: 8, color: RGBAColor8(red: 10, green: 20, blue: 30)),
        ])
        #expect(encoder.rects.isEmpty)
    }

    @Test("a tile differing in one pixel of its last row or column is not solid")
    func nearlyUniformTiles() throws {
        let base = filled(width: 5, height: 4, blue: 1, green: 2, red: 3, alpha: 255)
        for (x, y) in [(4, 0), (0, 3), (4, 3), (2, 1)] {
            var tiler = FrameTiler(tileSize: 8)
            let encoder = RecordingEncoder()
            let frameResult = tiler.frame(from: setting(base, x: x, y: y, to: [1, 2, 4, 255]), encode: encoder.encode)
            let frame = try #require(frameResult)
            #expect(frame.tiles.map(\.encoding) == [.png], "pixel (\(x), \(y))")
        }
    }

    @Test("edge tiles are smaller when the size is not a multiple of the tile size")
    func edgeTiles() throws {
        var tiler = FrameTiler()
        let frameResult = tiler.frame(from: patterned(width: 130, height: 70)) { _, _ in [1] }
        let frame = try #require(frameResult)
        #expect(
            tileRects(frame) == [
                PixelRect(x: 0, y: 0, width: 64, height: 64), PixelRect(x: 64, y: 0, width: 64, height: 64),
                PixelRect(x: 128, y: 0, width: 2, height: 64), PixelRect(x: 0, y: 64, width: 64, height: 6),
                PixelRect(x: 64, y: 64, width: 64, height: 6), PixelRect(x: 128, y: 64, width: 2, height: 6),
            ])
        var small = FrameTiler(tileSize: 64)
        let tinyResult = small.frame(from: patterned(width: 3, height: 2)) { _, _ in [1] }
        let tiny = try #require(tinyResult)
        #expect(tileRects(tiny) == [PixelRect(x: 0, y: 0, width: 3, height: 2)])
    }

    @Test("a new window size gives a keyframe")
    func sizeChange() throws {
        var tiler = FrameTiler()
        _ = tiler.frame(from: patterned(width: 100, height: 100)) { _, _ in [] }
        let frameResult = tiler.frame(from: patterned(width: 100, height: 90)) { _, _ in [1] }
        let frame = try #require(frameResult)
        #expect(frame.isKeyframe && frame.number == 2 && frame.height == 90)
        #expect(coverage(frame).allSatisfy { $0 == 1 })
    }

    @Test("a requested keyframe, or one asked for by argument, sends every tile of an unchanged window once")
    func requestedKeyframes() throws {
        var tiler = FrameTiler()
        let buffer = patterned(width: 100, height: 70)
        _ = tiler.frame(from: buffer) { _, _ in [] }
        tiler.requestKeyframe()
        let requestedResult = tiler.frame(from: buffer) { _, _ in [1] }
        let requested = try #require(requestedResult)
        #expect(requested.isKeyframe && requested.tiles.count == 4)
        let unchanged = tiler.frame(from: buffer) { _, _ in [] }
        #expect(unchanged == nil)
        let forcedResult = tiler.frame(from: buffer, keyframe: true) { _, _ in [1] }
        let forced = try #require(forcedResult)
        #expect(forced.isKeyframe && forced.number == 3 && forced.tiles.count == 4)
    }

    @Test("lastChangedTiles names what changed in the window, also when the frame is a requested keyframe")
    func changedTilesOfKeyframes() {
        var tiler = FrameTiler()
        let buffer = patterned(width: 100, height: 70)
        _ = tiler.frame(from: buffer) { _, _ in [] }
        #expect(tiler.lastChangedTiles.map(\.changedPixels) == [64 * 64, 36 * 64, 64 * 6, 36 * 6], "the first capture changes every pixel")
        tiler.requestKeyframe()
        _ = tiler.frame(from: buffer) { _, _ in [1] }
        #expect(tiler.lastChangedTiles.isEmpty, "a requested keyframe of the same pixels changes nothing")
        _ = tiler.frame(from: setting(buffer, x: 70, y: 65, to: [1, 2, 3, 255]), keyframe: true) { _, _ in [1] }
        #expect(
            tiler.lastChangedTiles == [
                ChangedTile(
                    rect: PixelRect(x: 64, y: 64, width: 36, height: 6), changedPixels: 1,
                    changedBounds: PixelRect(x: 70, y: 65, width: 1, height: 1))
            ])
        _ = tiler.frame(from: patterned(width: 100, height: 60)) { _, _ in [1] }
        #expect(tiler.lastChangedTiles.count == 2, "a resize changes every tile of the new size")
    }

    @Test("an empty capture gives no frame and the next capture is a keyframe")
    func emptyCapture() throws {
        var tiler = FrameTiler()
        let buffer = patterned(width: 10, height: 10)
        _ = tiler.frame(from: buffer) { _, _ in [] }
        let empty = tiler.frame(from: PixelBuffer(width: 0, height: 0, stride: 0, bytes: [])) { _, _ in [] }
        #expect(empty == nil)
        let next = tiler.frame(from: buffer) { _, _ in [] }
        #expect(next?.isKeyframe == true)
    }

    @Test("frames are numbered from 1 and wrap after UInt32.max to 1; frames without change take no number")
    func numbering() throws {
        var fresh = FrameTiler()
        #expect(fresh.lastFrameNumber == 0)
        var buffer = patterned(width: 4, height: 4)
        let first = fresh.frame(from: buffer) { _, _ in [] }
        #expect(first?.number == 1)

        var tiler = FrameTiler(tileSize: 64, continuingAfter: .max - 1)
        var numbers: [UInt32] = []
        for step in 0..<4 {
            buffer = setting(buffer, x: 0, y: 0, to: [UInt8(step), 0, 0, 255])
            if let frame = tiler.frame(from: buffer, encode: { _, _ in [] }) { numbers.append(frame.number) }
            let unchanged = tiler.frame(from: buffer) { _, _ in [] }
            #expect(unchanged == nil)
        }
        #expect(numbers == [.max, 1, 2, 3])
    }

    @Test("encode is asked only for changed tiles that are not of one colour")
    func encodeOnlyWhatIsNeeded() throws {
        var tiler = FrameTiler(tileSize: 4)
        var buffer = filled(width: 12, height: 4, blue: 9, green: 9, red: 9, alpha: 255)
        buffer = setting(buffer, x: 5, y: 1, to: [1, 1, 1, 255])
        let encoder = RecordingEncoder()
        let firstResult = tiler.frame(from: buffer, encode: encoder.encode)
        let first = try #require(firstResult)
        #expect(first.tiles.map(\.encoding) == [.solid, .png, .solid])
        #expect(encoder.rects == [PixelRect(x: 4, y: 0, width: 4, height: 4)])

        buffer = setting(buffer, x: 9, y: 2, to: [2, 2, 2, 255])
        buffer = setting(buffer, x: 0, y: 0, to: [5, 5, 5, 255])
        encoder.rects = []
        let secondResult = tiler.frame(from: buffer, encode: encoder.encode)
        let second = try #require(secondResult)
        #expect(tileRects(second) == [PixelRect(x: 0, y: 0, width: 4, height: 4), PixelRect(x: 8, y: 0, width: 4, height: 4)])
        #expect(encoder.rects == tileRects(second))
    }

    @Test("when encode throws the capture is forgotten: the next call makes the same frame")
    func throwingEncode() throws {
        struct EncodeFailure: Error {}
        var tiler = FrameTiler()
        let buffer = patterned(width: 20, height: 20)
        do {
            _ = try tiler.frame(from: buffer) { _, _ in throw EncodeFailure() }
            Issue.record("encode's error was not passed on")
        } catch {
            #expect(error is EncodeFailure)
        }
        let frameResult = tiler.frame(from: buffer) { _, _ in [7] }
        let frame = try #require(frameResult)
        #expect(frame.isKeyframe && frame.number == 1)
    }

    @Test("the tiler's frames read back unchanged through the frame codec")
    func codecRoundTrip() throws {
        var tiler = FrameTiler()
        let encoder = RecordingEncoder()
        var buffer = patterned(width: 200, height: 130)
        buffer.bytes.replaceSubrange(0..<(64 * 4), with: [UInt8](repeating: 0, count: 64 * 4))
        let keyframeResult = tiler.frame(from: buffer, encode: encoder.encode)
        let keyframe = try #require(keyframeResult)
        #expect(try CobrowseFrameCodec.decode(CobrowseFrameCodec.encode(keyframe)) == keyframe)
        let updateResult = tiler.frame(from: setting(buffer, x: 199, y: 129, to: [0, 0, 0, 0]), encode: encoder.encode)
        let update = try #require(updateResult)
        #expect(update.tiles.count == 1)
        #expect(try CobrowseFrameCodec.decode(CobrowseFrameCodec.encode(update)) == update)
    }
}
