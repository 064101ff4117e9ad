import AssistCore
import CGstreamer
import CGtk
import Foundation
import Testing

@testable import AssistCall

/// A shared screen's video track (`docs/protocol.md` §13.5) between two
/// native peers over loopback: the agent's side offers to receive video
/// only, the app's side answers with the pictures it is handed.
@Suite("A shared screen as a video track between two native peers", .serialized)
@MainActor
struct ScreenVideoPeerTests {
    private let mediaDeadline = Duration.seconds(20)
    private let agentSide = CallPeerPair.configuration(
        CallTracks(sendsAudio: false, receivesAudio: false, sendsVideo: false, receivesVideo: true))
    private let screenSide = CallPeerConfiguration(
        tracks: CallTracks(sendsAudio: false, receivesAudio: false, sendsVideo: true, receivesVideo: false),
        source: .pictures, audioOutput: .discard)

    /// A picture of one colour, B, G, R, A.
    private func picture(width: Int, height: Int, bgra: [UInt8]) -> PixelBuffer {
        PixelBuffer(width: width, height: height, stride: width * 4, bytes: Array((0..<(width * height)).map { _ in bgra }.joined()))
    }

    @Test("pictures handed over arrive as video of their own size and colour; no audio, no camera")
    func picturesArrive() throws {
        let pair = CallPeerPair(offering: agentSide, answering: screenSide)
        defer { pair.stop() }
        try pair.start()
        let teal = picture(width: 320, height: 200, bgra: [0xA0, 0x80, 0x10, 0xFF])  // red 16, green 128, blue 160
        let shown = GtkTestDisplay.run(for: mediaDeadline) {
            pair.answerer.send(teal)
            return pair.offerer.remoteVideo.framesShown > 10
        }
        #expect(shown, "offerer \(pair.offerer.counters), answerer \(pair.answerer.counters), \(pair.failures)")
        let size = try #require(pair.offerer.remoteVideo.frameSize)
        #expect(size.width == 320 && size.height == 200)
        let centre = try #require(Self.centrePixel(of: pair.offerer.remoteVideo.widget))
        // VP8 is lossy and goes through I420: near the colour, not exactly it.
        #expect(zip(centre, [0x10, 0x80, 0xA0]).allSatisfy { abs(Int($0) - Int($1)) <= 12 }, "centre \(centre)")
        #expect(pair.answerer.counters.capturedAudioBuffers == 0)
        #expect(pair.offerer.counters.audioBuffersReceived == 0)
        #expect(pair.answers.first.flatMap { SDPLines.direction(of: "video", in: $0) } == "sendonly")
        #expect(pair.failures.isEmpty, "\(pair.failures)")
    }

    @Test("a picture of another size changes the video's size, with no new negotiation")
    func sizeFollowsThePictures() throws {
        let pair = CallPeerPair(offering: agentSide, answering: screenSide)
        defer { pair.stop() }
        try pair.start()
        let small = picture(width: 160, height: 120, bgra: [0x20, 0x20, 0xE0, 0xFF])
        #expect(GtkTestDisplay.run(for: mediaDeadline) {
            pair.answerer.send(small)
            return pair.offerer.remoteVideo.frameSize?.width == 160
        })
        let wide = picture(width: 480, height: 270, bgra: [0x20, 0xE0, 0x20, 0xFF])
        #expect(GtkTestDisplay.run(for: mediaDeadline) {
            pair.answerer.send(wide)
            return pair.offerer.remoteVideo.frameSize?.width == 480
        })
        #expect(pair.offerer.remoteVideo.frameSize?.height == 270)
        #expect(pair.offers.count == 1 && pair.answers.count == 1)
    }

    @Test("a still screen's one picture, handed over before the connection is up, is shown once it is")
    func pictureBeforeTheConnection() throws {
        let pair = CallPeerPair(offering: agentSide, answering: screenSide)
        defer { pair.stop() }
        try pair.start()
        pair.answerer.send(picture(width: 320, height: 200, bgra: [0x40, 0x40, 0xC0, 0xFF]))
        #expect(GtkTestDisplay.run(for: mediaDeadline) { pair.offerer.remoteVideo.framesShown > 0 })
    }

    @Test("a key frame the receiver asks for comes on a still screen, made from the newest picture")
    func keyFrameOnAStillScreen() throws {
        let pair = CallPeerPair(offering: agentSide, answering: screenSide)
        defer { pair.stop() }
        try pair.start()
        let still = picture(width: 320, height: 200, bgra: [0x40, 0xC0, 0x40, 0xFF])
        #expect(GtkTestDisplay.run(for: mediaDeadline) {
            if pair.answerer.counters.videoFramesSent == 0 { pair.answerer.send(still) }
            return pair.offerer.remoteVideo.framesShown > 0
        })
        GtkTestDisplay.run(for: .seconds(1))
        let sent = pair.answerer.counters.videoFramesSent
        GtkTestDisplay.run(for: .seconds(1))
        #expect(pair.answerer.counters.videoFramesSent == sent, "a still screen encodes nothing")
        // What a decoder does after a loss: ask upstream; the RTP session makes it a PLI.
        let decoder = try #require(pair.offerer.pipeline.flatMap { Self.element(CallPipelineDescription.Name.videoDecoder, in: $0.pipeline) })
        defer { gst_object_unref(decoder) }
        let sinkPad = try #require(gst_element_get_static_pad(decoder, "sink"))
        defer { gst_object_unref(sinkPad) }
        let request = gst_video_event_new_upstream_force_key_unit(GstClockTime.max, 1, 0)  // GST_CLOCK_TIME_NONE: now
        let pushed = gst_pad_push_event(sinkPad, request) != 0
        #expect(pushed)
        let answered = GtkTestDisplay.run(for: .seconds(5)) { pair.answerer.counters.videoFramesSent > sent }
        #expect(answered, "no frame after the key frame request: \(pair.answerer.counters)")
        // A browser asks the same way only when the answer says the app hears PLI.
        #expect(pair.answers.first?.contains("nack pli") == true, "\(pair.answers)")
        // The protocol's keyframeRequest, passed on by the app, does the same.
        GtkTestDisplay.run(for: .seconds(1))
        let beforeRequest = pair.answerer.counters.videoFramesSent
        pair.answerer.requestKeyframe()
        #expect(GtkTestDisplay.run(for: .seconds(5)) { pair.answerer.counters.videoFramesSent > beforeRequest })
        #expect(pair.offers.count == 1 && pair.answers.count == 1)
    }

    @Test("a peer whose source is a camera ignores pictures handed to it")
    func cameraIgnoresPictures() throws {
        let peer = CallPeer(configuration: CallPeerPair.configuration(CallTracks(videoMode: .full, media: .video)))
        peer.send(picture(width: 8, height: 8, bgra: [0, 0, 0, 255]))  // before the call: nothing to send to
        #expect(peer.pipeline == nil)
        peer.stop()
    }

    /// The element called `name` anywhere in `pipeline`, with a reference the caller drops.
    private static func element(_ name: String, in pipeline: UnsafeMutablePointer<GstElement>) -> UnsafeMutablePointer<GstElement>? {
        pipeline.withMemoryRebound(to: GstBin.self, capacity: 1) { gst_bin_get_by_name($0, name) }
    }

    /// The red, green and blue of the middle pixel of `picture`'s texture.
    private static func centrePixel(of picture: UnsafeMutablePointer<GtkWidget>) -> [UInt8]? {
        guard let paintable = gtk_picture_get_paintable(OpaquePointer(picture)) else { return nil }
        let texture = paintable  // a GdkTexture: the view shows textures
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        // GDK downloads in its memory format: B, G, R, A on little-endian machines.
        let offset = ((height / 2) * width + width / 2) * 4
        return [bytes[offset + 2], bytes[offset + 1], bytes[offset]]
    }
}
