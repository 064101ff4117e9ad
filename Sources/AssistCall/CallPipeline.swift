import AssistCore
import CGstreamer

/// The GStreamer pipeline of one call: webrtcbin, the outgoing bins the
/// tracks ask for, and the incoming bins webrtcbin's streams are linked to
/// as they appear. Made and driven on the main thread; its streaming threads
/// only count buffers, hand over frames and post notices.
@MainActor
final class CallPipeline {
    /// The pipeline (a `GstPipeline`).
    let pipeline: UnsafeMutablePointer<GstElement>
    /// Its webrtcbin, borrowed from the pipeline.
    let webrtc: UnsafeMutablePointer<GstElement>
    private let microphoneValve: UnsafeMutablePointer<GstElement>?
    private let cameraValve: UnsafeMutablePointer<GstElement>?
    /// Where pictures handed to ``push(_:)`` enter, for ``CallMediaSource/pictures``.
    private let pictures: PictureSource?
    private var running = true

    /// Builds the pipeline for `configuration` with `payloadTypes` and sets
    /// it playing: from here on the camera and the microphone capture. An
    /// `answering` pipeline also holds an inactive transceiver for each kind
    /// of media the tracks neither send nor receive.
    init(
        configuration: CallPeerConfiguration, answering: Bool, payloadTypes: (vp8: Int, opus: Int),
        counting: CallMediaCounting,
        remoteVideo: VideoFrameMailbox, selfView: VideoFrameMailbox,
        notify: @escaping @Sendable (WebRTCNotice) -> Void
    ) throws(CallMediaError) {
        try GStreamerRuntime.prepare()
        let description = CallPipelineDescription(
            configuration: configuration, vp8PayloadType: payloadTypes.vp8, opusPayloadType: payloadTypes.opus)
        let pipeline: UnsafeMutablePointer<GstElement> = gst_pipeline_new("call")
        let webrtc: UnsafeMutablePointer<GstElement> = gst_element_factory_make("webrtcbin", "webrtc")
        gst_bin_add(CallBins.bin(pipeline), webrtc)
        Self.configure(webrtc, iceServers: configuration.iceServers)

        let relay = WebRTCSignalRelay(notify)
        relay.connect(to: webrtc)
        IncomingStreamLinker(
            pipeline: pipeline, description: description, counting: counting, remoteVideo: remoteVideo,
            failed: { notify(.pipelineError($0)) }
        ).connect(to: webrtc)
        if let bus = gst_pipeline_get_bus(UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstPipeline.self)) {
            relay.watch(bus)
            gst_object_unref(bus)
        }

        do throws(CallMediaError) {
            microphoneValve = try description.audioSender.flatMap { sender throws(CallMediaError) in
                let bin = try Self.addSender(sender, caps: description.audioCaps, to: pipeline, webrtc)
                Self.watch(CallPipelineDescription.Name.microphone, in: bin, counter: counting.capturedAudio)
                Self.watch(CallPipelineDescription.Name.audioEncoder, in: bin, counter: counting.audioSent)
                return CallBins.element(CallPipelineDescription.Name.microphoneValve, in: bin)
            }
            let videoBin = try description.videoSender.map { sender throws(CallMediaError) in
                let bin = try Self.addSender(sender, caps: description.videoCaps, to: pipeline, webrtc)
                Self.watch(CallPipelineDescription.Name.camera, in: bin, counter: counting.capturedVideo)
                Self.watch(CallPipelineDescription.Name.videoEncoder, in: bin, counter: counting.videoSent)
                CallBins.element(CallPipelineDescription.Name.selfView, in: bin).map(selfView.receive(from:))
                return bin
            }
            cameraValve = videoBin.flatMap { CallBins.element(CallPipelineDescription.Name.cameraValve, in: $0) }
            pictures =
                configuration.source == .pictures
                ? videoBin.flatMap { bin in
                    CallBins.element(CallPipelineDescription.Name.camera, in: bin).map {
                        PictureSource($0, encoder: CallBins.element(CallPipelineDescription.Name.videoEncoder, in: bin))
                    }
                }
                : nil
            let tracks = configuration.tracks
            if !tracks.sendsAudio, tracks.receivesAudio || answering {
                Self.addTransceiver(description.audioCaps, tracks.audioDirection, to: webrtc)
            }
            if !tracks.sendsVideo, tracks.receivesVideo || answering {
                Self.addTransceiver(description.videoCaps, tracks.videoDirection, to: webrtc)
            }
            if HostAddresses.onlyLoopback() {
                _ = assist_webrtc_add_local_address(webrtc, "127.0.0.1")
            }
            // A peer that vanished (a closed console tab, a cut network) must end the
            // connection, so the call hangs up and the shared screen goes back to tiles.
            _ = assist_webrtc_require_consent(webrtc)
            guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
                throw CallMediaError(.mediaFailed, "the call's pipeline could not start")
            }
        } catch {
            Self.release(pipeline)
            throw error
        }
        self.pipeline = pipeline
        self.webrtc = webrtc
    }

    isolated deinit {
        stop()
    }

    /// Lets the microphone's audio through, or drops it at the valve right
    /// after the source: nothing is encoded or sent while it is closed.
    func setMicrophoneEnabled(_ enabled: Bool) {
        microphoneValve.map { assist_object_set_boolean($0, "drop", enabled ? 0 : 1) }
    }

    /// Lets the camera's frames through, or drops them at the valve right
    /// after the source: nothing is encoded, sent or shown in the self-view.
    func setCameraEnabled(_ enabled: Bool) {
        cameraValve.map { assist_object_set_boolean($0, "drop", enabled ? 0 : 1) }
    }

    /// Sends `picture` as the video's next frame, for
    /// ``CallMediaSource/pictures``; nothing otherwise.
    func push(_ picture: PixelBuffer) {
        guard running else { return }
        pictures?.push(picture)
    }

    /// Asks the encoder of the pictures for a key frame, for
    /// ``CallMediaSource/pictures``; nothing otherwise.
    func requestKeyframe() {
        guard running else { return }
        pictures?.requestKeyframe()
    }

    /// Sets every transceiver webrtcbin has to the direction `tracks` give
    /// its kind, whatever the remote offer asked: an offered video m-line
    /// the person does not receive is answered `inactive`, one they only
    /// receive `recvonly`.
    func enforceDirections(_ tracks: CallTracks) {
        var index: Int32 = 0
        while let transceiver = assist_webrtc_get_transceiver(webrtc, index) {
            defer { g_object_unref(UnsafeMutableRawPointer(transceiver)) }
            index += 1
            let direction: MediaDirection
            switch GstWebRTCKind(UInt32(assist_object_get_enum(UnsafeMutableRawPointer(transceiver), "kind"))) {
            case GST_WEBRTC_KIND_AUDIO: direction = tracks.audioDirection
            case GST_WEBRTC_KIND_VIDEO: direction = tracks.videoDirection
            default: continue
            }
            assist_object_set_enum(UnsafeMutableRawPointer(transceiver), "direction", Int32(Self.transceiverDirection(direction).rawValue))
        }
    }

    /// Stops the pipeline and releases it: devices close, threads end, and
    /// webrtcbin's handlers let go of what they held. Later calls do nothing.
    func stop() {
        guard running else { return }
        running = false
        Self.release(pipeline)
    }

    private static func release(_ pipeline: UnsafeMutablePointer<GstElement>) {
        if let bus = gst_pipeline_get_bus(UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstPipeline.self)) {
            gst_bus_remove_watch(bus)
            gst_object_unref(bus)
        }
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(pipeline)
    }

    private static func configure(_ webrtc: UnsafeMutablePointer<GstElement>, iceServers: CallIceServers) {
        assist_object_set_enum(webrtc, "bundle-policy", Int32(GST_WEBRTC_BUNDLE_POLICY_MAX_BUNDLE.rawValue))
        assist_object_set_uint(webrtc, "latency", 100)
        if let stun = iceServers.stunServer {
            assist_object_set_string(webrtc, "stun-server", stun)
        }
        for turn in iceServers.turnServers {
            _ = assist_webrtc_add_turn_server(webrtc, turn)
        }
    }

    /// Adds the outgoing bin `description` and links it to a webrtcbin sink
    /// pad requested for `caps` (so its transceiver knows its kind and codec).
    private static func addSender(
        _ description: String, caps: String, to pipeline: UnsafeMutablePointer<GstElement>,
        _ webrtc: UnsafeMutablePointer<GstElement>
    ) throws(CallMediaError) -> UnsafeMutablePointer<GstElement> {
        let bin = try CallBins.parse(description)
        gst_bin_add(CallBins.bin(pipeline), bin)
        let rtpCaps = gst_caps_from_string(caps)
        defer { gst_caps_unref(rtpCaps) }
        guard let source = gst_element_get_static_pad(bin, "src"),
            let sink = assist_element_request_pad(webrtc, "sink_%u", rtpCaps)
        else { throw CallMediaError(.mediaFailed, "webrtcbin gave no pad for \(caps)") }
        defer {
            gst_object_unref(source)
            gst_object_unref(sink)
        }
        guard gst_pad_link(source, sink) == GST_PAD_LINK_OK else {
            throw CallMediaError(.mediaFailed, "could not link \(caps) to webrtcbin")
        }
        return bin
    }

    /// Adds a transceiver that does not send: `recvonly`, or `inactive` to
    /// take an offered m-line the tracks refuse (without it webrtcbin makes
    /// its own transceiver for the m-line, and answers it `recvonly`).
    private static func addTransceiver(
        _ caps: String, _ direction: MediaDirection, to webrtc: UnsafeMutablePointer<GstElement>
    ) {
        let rtpCaps = gst_caps_from_string(caps)
        defer { gst_caps_unref(rtpCaps) }
        if let transceiver = assist_webrtc_add_transceiver(webrtc, transceiverDirection(direction), rtpCaps) {
            g_object_unref(UnsafeMutableRawPointer(transceiver))
        }
    }

    private static func watch(_ name: String, in bin: UnsafeMutablePointer<GstElement>, counter: BufferCounter) {
        CallBins.element(name, in: bin).map { counter.watch($0, pad: "src") }
    }

    private static func transceiverDirection(_ direction: MediaDirection) -> GstWebRTCRTPTransceiverDirection {
        switch direction {
        case .sendrecv: GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_SENDRECV
        case .sendonly: GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_SENDONLY
        case .recvonly: GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_RECVONLY
        case .inactive: GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_INACTIVE
        }
    }
}
