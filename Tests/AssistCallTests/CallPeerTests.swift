import AssistCore
import CGstreamer
import CGtk
import Foundation
import Testing

@testable import AssistCall

/// Two native peers calling each other over loopback with test sources.
@Suite("A call between two native peers", .serialized)
@MainActor
struct CallPeerTests {
    private let full = CallTracks(videoMode: .full, media: .video)
    private let agentOnly = CallTracks(videoMode: .agentOnly, media: .video)
    private let none = CallTracks(videoMode: .none, media: .video)
    /// How long media may take to start flowing: negotiation, ICE, DTLS and
    /// the first keyframe take about a second here.
    private let mediaDeadline = Duration.seconds(20)

    @Test("with full tracks, video frames are decoded and audio received both ways")
    func fullBothWays() throws {
        let pair = CallPeerPair(offering: full, answering: full)
        defer { pair.stop() }
        try pair.start()
        let flowing = GtkTestDisplay.run(for: mediaDeadline) {
            [pair.offerer, pair.answerer].allSatisfy {
                $0.counters.videoFramesDecoded > 30 && $0.counters.audioBuffersReceived > 30
            }
        }
        #expect(flowing, "offerer \(pair.offerer.counters), answerer \(pair.answerer.counters)")
        #expect(pair.failures.isEmpty, "\(pair.failures)")
        #expect(pair.offerer.connectionState == .connected)
        #expect(pair.answerer.connectionState == .connected)
    }

    @Test("the agent's frames reach the remote view as 640 × 480 textures, and one is saved as PNG")
    func framesReachThePicture() throws {
        let pair = CallPeerPair(offering: full, answering: full)
        defer { pair.stop() }
        try pair.start()
        let shown = GtkTestDisplay.run(for: mediaDeadline) {
            pair.answerer.remoteVideo.framesShown > 45 && pair.answerer.selfView.framesShown > 0
        }
        #expect(shown, "remote frames shown: \(pair.answerer.remoteVideo.framesShown)")
        let size = try #require(pair.answerer.remoteVideo.frameSize)
        #expect(size.width == 640 && size.height == 480)
        #expect(pair.answerer.selfView.frameSize?.width == 640)
        let picture = pair.answerer.remoteVideo.widget
        let paintable = try #require(gtk_picture_get_paintable(OpaquePointer(picture)))
        #expect(gdk_texture_save_to_png(paintable, "/tmp/assist-call-remote-frame.png") != 0)
    }

    @Test("an agentOnly answerer receives video and sends none: no camera, recvonly in its answer")
    func agentOnlyReceivesOnly() throws {
        let pair = CallPeerPair(offering: full, answering: agentOnly)
        defer { pair.stop() }
        try pair.start()
        let flowing = GtkTestDisplay.run(for: mediaDeadline) {
            pair.answerer.counters.videoFramesDecoded > 30 && pair.offerer.counters.audioBuffersReceived > 30
        }
        #expect(flowing, "offerer \(pair.offerer.counters), answerer \(pair.answerer.counters)")
        #expect(pair.offerer.counters.videoFramesDecoded == 0)
        #expect(pair.answerer.counters.capturedVideoFrames == 0)
        #expect(pair.answerer.counters.videoFramesSent == 0)
        #expect(pair.answers.first.flatMap { SDPLines.direction(of: "video", in: $0) } == "recvonly")
        #expect(pair.failures.isEmpty, "\(pair.failures)")
    }

    @Test("a none answerer answers an offered video m-line inactive, and no video flows either way")
    func noneRejectsVideo() throws {
        let pair = CallPeerPair(offering: full, answering: none)
        defer { pair.stop() }
        try pair.start()
        let flowing = GtkTestDisplay.run(for: mediaDeadline) {
            pair.answerer.counters.audioBuffersReceived > 50 && pair.offerer.counters.audioBuffersReceived > 50
        }
        #expect(flowing, "offerer \(pair.offerer.counters), answerer \(pair.answerer.counters)")
        #expect(pair.offers.first.flatMap { SDPLines.direction(of: "video", in: $0) } == "sendrecv")
        #expect(pair.answers.first.flatMap { SDPLines.direction(of: "video", in: $0) } == "inactive")
        #expect(pair.offerer.counters.videoFramesDecoded == 0)
        #expect(pair.answerer.counters.videoFramesDecoded == 0)
        #expect(pair.answerer.counters.capturedVideoFrames == 0)
        #expect(pair.failures.isEmpty, "\(pair.failures)")
    }

    @Test("with the microphone off no audio is sent, and with it on again audio flows again")
    func microphoneOff() throws {
        let pair = CallPeerPair(offering: full, answering: full)
        defer { pair.stop() }
        try pair.start()
        #expect(GtkTestDisplay.run(for: mediaDeadline) { pair.answerer.counters.audioBuffersReceived > 30 })
        pair.offerer.setMicrophoneEnabled(false)
        // Buffers already past the valve may still be encoded: let them drain.
        GtkTestDisplay.run(for: .milliseconds(300))
        let sentWhenOff = pair.offerer.counters.audioBuffersSent
        let capturedWhenOff = pair.offerer.counters.capturedAudioBuffers
        GtkTestDisplay.run(for: .seconds(1))
        #expect(pair.offerer.counters.audioBuffersSent == sentWhenOff)
        #expect(pair.offerer.counters.capturedAudioBuffers > capturedWhenOff, "the source itself keeps running")
        pair.offerer.setMicrophoneEnabled(true)
        #expect(GtkTestDisplay.run(for: .seconds(5)) { pair.offerer.counters.audioBuffersSent > sentWhenOff + 20 })
    }

    @Test("an answer with no offer pending, SDP that is not SDP and a negative m-line are refused")
    func outOfOrderAndMalformed() throws {
        GtkTestDisplay.start()
        let peer = CallPeer(configuration: CallPeerPair.configuration(full))
        defer { peer.stop() }
        #expect(throws: CallMediaError(.outOfOrder, "an answer arrived with no offer waiting for one")) {
            try peer.receiveAnswer("v=0\r\n")
        }
        #expect(throws: CallMediaError(.malformedDescription, "the remote offer has no media section")) {
            try peer.receiveOffer("hello")
        }
        #expect(throws: CallMediaError(.malformedDescription, "a candidate for m-line -1")) {
            try peer.addRemoteCandidate("candidate:1 1 UDP 1 127.0.0.1 9 typ host", mLineIndex: -1)
        }
        #expect(peer.pipeline == nil, "bad input started nothing")
    }

    @Test("nothing is captured before the call starts")
    func nothingBeforeStart() throws {
        GtkTestDisplay.start()
        let peer = CallPeer(configuration: CallPeerPair.configuration(full))
        defer { peer.stop() }
        GtkTestDisplay.run(for: .milliseconds(500))
        #expect(peer.pipeline == nil)
        #expect(peer.counters == CallMediaCounters())
        try peer.startOffering()
        let capturing = GtkTestDisplay.run(for: .seconds(10)) {
            peer.counters.capturedAudioBuffers > 0 && peer.counters.capturedVideoFrames > 0
        }
        #expect(capturing, "\(peer.counters)")
    }

    @Test("stop releases the pipeline and everything in it, closes once, and may be called again")
    func stopReleasesEverything() throws {
        let pair = CallPeerPair(offering: full, answering: full)
        try pair.start()
        #expect(GtkTestDisplay.run(for: mediaDeadline) { pair.offerer.counters.videoFramesDecoded > 10 })
        let finalized = FinalizationFlag()
        let pipeline = try #require(pair.offerer.pipeline)
        finalized.watch(pipeline.pipeline)
        finalized.watch(pipeline.webrtc)
        pair.offerer.stop()
        pair.offerer.stop()
        GtkTestDisplay.run(for: .seconds(2)) { finalized.count == 2 }
        #expect(finalized.count == 2, "the pipeline or webrtcbin is still alive")
        #expect(pair.offerer.pipeline == nil)
        #expect(pair.offerer.remoteVideo.frameSize == nil)
        #expect(pair.offererStates.filter { $0 == .closed }.count == 1)
        let decoded = pair.offerer.counters.videoFramesDecoded
        let captured = pair.offerer.counters.capturedAudioBuffers
        GtkTestDisplay.run(for: .milliseconds(500))
        #expect(pair.offerer.counters.videoFramesDecoded == decoded)
        #expect(pair.offerer.counters.capturedAudioBuffers == captured)
        #expect(throws: CallMediaError.self) { try pair.offerer.startOffering() }
        pair.answerer.stop()
    }

    /// libnice sends a keepalive every 25 s and, with checks that want an
    /// answer, fails ICE once one goes unanswered through its retransmissions.
    @Test("a peer that vanishes without a word ends the other's connection, within two keepalive periods")
    func vanishedPeerEndsTheConnection() throws {
        let pair = CallPeerPair(offering: agentOnly, answering: agentOnly)
        defer { pair.stop() }
        try pair.start()
        #expect(GtkTestDisplay.run(for: mediaDeadline) { pair.offerer.connectionState == .connected })
        pair.answerer.stop()  // no BYE, no DTLS alert reaches the offerer's checks: its side just goes quiet
        let ended = GtkTestDisplay.run(for: .seconds(90)) {
            [.failed, .disconnected].contains(pair.offerer.connectionState)
        }
        #expect(ended, "still \(pair.offerer.connectionState) after 90 s; states \(pair.offererStates)")
    }
}

/// Counts the GObjects it watches that have been finalized.
@MainActor
final class FinalizationFlag {
    private(set) var count = 0

    func watch(_ element: UnsafeMutablePointer<GstElement>) {
        let notify: GWeakNotify = { data, _ in
            guard let data else { return }
            MainActor.assumeIsolated { Unmanaged<FinalizationFlag>.fromOpaque(data).takeUnretainedValue().count += 1 }
        }
        g_object_weak_ref(
            UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self), notify,
            Unmanaged.passUnretained(self).toOpaque())
    }
}
