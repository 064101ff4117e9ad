import AssistCore
import CGtk
import Testing

@testable import AssistGtk

@Suite("Screen sharer: the desktop's pictures become frames", .serialized)
@MainActor
struct ScreenSharerTests {
    /// A stream the test feeds by hand, as the desktop would.
    final class FakeStream: ScreenStream {
        let source = SharedSource.monitor
        let restoreToken: String? = nil
        var onFrame: (@MainActor (PixelBuffer) -> Void)?
        var onEnded: (@MainActor () -> Void)?
        var stops = 0

        func start(
            onFrame: @escaping @MainActor (PixelBuffer) -> Void, onEnded: @escaping @MainActor () -> Void
        ) throws(ScreenChoiceError) {
            self.onFrame = onFrame
            self.onEnded = onEnded
        }

        func stop() { stops += 1 }
    }

    /// The frames handed over, decoded.
    final class Recorder {
        var frames: [CobrowseFrame] = []
        var accepts = true

        func send(_ bytes: [UInt8]) -> Bool {
            guard accepts else { return false }
            if let frame = try? CobrowseFrameCodec.decode(bytes) { frames.append(frame) }
            return true
        }
    }

    init() {
        ViewHarness.start()
    }

    /// A 256 × 128 picture of one colour, with a block of another at `x`.
    private func picture(block x: Int?) -> PixelBuffer {
        let width = 256
        let height = 128
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            for column in 0..<width {
                let offset = (row * width + column) * 4
                let inBlock = x.map { column >= $0 && column < $0 + 32 && row < 32 } ?? false
                bytes[offset] = inBlock ? 0xFF : 0x40
                bytes[offset + 1] = 0x80
                bytes[offset + 2] = inBlock ? 0x00 : 0x20
                bytes[offset + 3] = 0xFF
            }
        }
        return PixelBuffer(width: width, height: height, stride: width * 4, bytes: bytes)
    }

    @Test("the first picture goes as a keyframe; the same picture again sends nothing; a change sends only its tile")
    func keyframeThenDeltas() async throws {
        let stream = FakeStream()
        let recorder = Recorder()
        let sharer = ScreenSharer(stream: stream) { recorder.send($0) }
        try sharer.start()
        stream.onFrame?(picture(block: nil))
        await ViewHarness.run(for: .seconds(5)) { !recorder.frames.isEmpty }
        #expect(recorder.frames.first?.isKeyframe == true)
        #expect(recorder.frames.first?.width == 256 && recorder.frames.first?.height == 128)
        stream.onFrame?(picture(block: nil))
        await ViewHarness.run(for: .milliseconds(400))
        #expect(recorder.frames.count == 1, "an unchanged picture sent a frame")
        stream.onFrame?(picture(block: 64))
        await ViewHarness.run(for: .seconds(5)) { recorder.frames.count >= 2 }
        let delta = try #require(recorder.frames.dropFirst().first)
        #expect(delta.isKeyframe == false)
        #expect(delta.tiles.count == 1)
        sharer.stop()
    }

    @Test("a frame that could not be sent, and a request, make the next frame a keyframe")
    func keyframesWhenNeeded() async throws {
        let stream = FakeStream()
        let recorder = Recorder()
        let sharer = ScreenSharer(stream: stream) { recorder.send($0) }
        try sharer.start()
        recorder.accepts = false
        stream.onFrame?(picture(block: nil))
        await ViewHarness.run(for: .milliseconds(300))
        recorder.accepts = true
        stream.onFrame?(picture(block: 96))
        await ViewHarness.run(for: .seconds(5)) { !recorder.frames.isEmpty }
        #expect(recorder.frames.last?.isKeyframe == true)
        sharer.requestKeyframe()
        await ViewHarness.run(for: .seconds(5)) { recorder.frames.count >= 2 }
        #expect(recorder.frames.last?.isKeyframe == true)
        sharer.stop()
    }

    @Test("stop ends the desktop's stream and nothing is sent after it; the desktop ending the stream is told once")
    func stopAndEnd() async throws {
        let stream = FakeStream()
        let recorder = Recorder()
        let sharer = ScreenSharer(stream: stream) { recorder.send($0) }
        try sharer.start()
        sharer.stop()
        #expect(stream.stops == 1)
        stream.onFrame?(picture(block: nil))
        await ViewHarness.run(for: .milliseconds(300))
        #expect(recorder.frames.isEmpty)

        let ending = FakeStream()
        let other = ScreenSharer(stream: ending) { recorder.send($0) }
        var ended = 0
        other.onEnded = { ended += 1 }
        try other.start()
        ending.onEnded?()
        ending.onEnded?()
        #expect(ended == 1)
        #expect(ending.stops == 1)
    }
}
