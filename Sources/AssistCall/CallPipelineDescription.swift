import AssistCore

/// The GStreamer bins of a call, written in `gst-launch` syntax: one bin per
/// outgoing track and one per incoming track. Decided here, without
/// GStreamer, so what each configuration creates can be checked directly.
struct CallPipelineDescription: Sendable, Hashable {
    /// Element names the pipeline code looks up inside the bins.
    enum Name {
        static let microphone = "microphone"
        static let microphoneValve = "microphone-valve"
        static let audioEncoder = "audio-encoder"
        static let camera = "camera"
        static let cameraValve = "camera-valve"
        static let videoEncoder = "video-encoder"
        static let selfView = "self-view"
        static let remoteVideo = "remote-video"
        static let videoDecoder = "video-decoder"
        static let audioDecoder = "audio-decoder"
        static let audioRTP = "audio-rtp"
        static let videoRTP = "video-rtp"
    }

    /// The VP8 encoder's settings: for the camera, a real-time encode of a
    /// 640×480 picture at 1 Mbit/s; for a screen's pictures 2.5 Mbit/s,
    /// since text needs more than faces, and a keyframe at most every 300
    /// frames, since a screen that does not change sends none.
    static func videoEncoder(for source: CallMediaSource) -> String {
        let (bitrate, keyframeDistance) = source == .pictures ? (2_500_000, 300) : (1_000_000, 60)
        return "vp8enc name=\(Name.videoEncoder) deadline=1 cpu-used=4 target-bitrate=\(bitrate)"
            + " keyframe-max-dist=\(keyframeDistance) threads=2"
    }

    /// The payload numbers sent with when the peer offers.
    static let offeringPayloadTypes = (vp8: 96, opus: 97)

    /// The RTP caps of the audio sent and received: Opus with the call's payload number.
    let audioCaps: String
    /// The RTP caps of the video sent and received: VP8 with the call's payload number.
    let videoCaps: String
    /// The outgoing audio bin, or `nil` when no audio is sent: the
    /// microphone, its valve, Opus, RTP.
    let audioSender: String?
    /// The outgoing video bin, or `nil` when no video is sent (no camera is
    /// ever created then): the camera, its valve, 640×480 at 30 frames a
    /// second, a tee to the self-view sink and to VP8, RTP; or, for
    /// ``CallMediaSource/pictures``, an `appsrc` the pictures are pushed
    /// into, at their own size, to VP8 and RTP.
    let videoSender: String?
    /// The bin an incoming audio stream is linked to.
    let audioReceiver: String
    /// The bin an incoming video stream is linked to.
    let videoReceiver: String
    /// The bin a stream the tracks do not receive is linked to: dropped
    /// undecoded. (webrtcbin 1.22 as an offerer keeps sending on an m-line
    /// answered `inactive`, and the bundle still delivers it.)
    let refusedStream = "fakesink sync=false async=false"
    /// Whether incoming audio is played.
    let receivesAudio: Bool
    /// Whether incoming video is shown.
    let receivesVideo: Bool

    /// The bins for `configuration`, sending VP8 and Opus with the given
    /// payload numbers.
    init(configuration: CallPeerConfiguration, vp8PayloadType: Int, opusPayloadType: Int) {
        let tracks = configuration.tracks
        audioCaps = "application/x-rtp,media=audio,encoding-name=OPUS,clock-rate=48000,payload=\(opusPayloadType)"
        videoCaps = "application/x-rtp,media=video,encoding-name=VP8,clock-rate=90000,payload=\(vp8PayloadType)"
        receivesAudio = tracks.receivesAudio
        receivesVideo = tracks.receivesVideo
        let testing = configuration.source == .testSources
        let rtpVideo = [
            Self.videoEncoder(for: configuration.source),
            "rtpvp8pay pt=\(vp8PayloadType) mtu=1200 picture-id-mode=15-bit", "queue",
            "capsfilter name=\(Name.videoRTP) caps=\"\(videoCaps)\"",
        ]
        audioSender =
            tracks.sendsAudio
            ? [
                testing
                    ? "audiotestsrc name=\(Name.microphone) is-live=true wave=sine freq=440 volume=0.2"
                    : "autoaudiosrc name=\(Name.microphone)",
                "valve name=\(Name.microphoneValve)",
                "audioconvert", "audioresample", "queue",
                "opusenc name=\(Name.audioEncoder) bitrate=32000",
                "rtpopuspay pt=\(opusPayloadType)", "queue",
                "capsfilter name=\(Name.audioRTP) caps=\"\(audioCaps)\"",
            ].joined(separator: " ! ") : nil
        videoSender = tracks.sendsVideo ? Self.videoSender(from: configuration.source, rtp: rtpVideo) : nil
        audioReceiver = [
            "queue", "rtpopusdepay", "opusdec name=\(Name.audioDecoder)", "audioconvert", "audioresample",
            configuration.audioOutput == .speakers ? "autoaudiosink" : "fakesink sync=false",
        ].joined(separator: " ! ")
        videoReceiver = ["queue", "rtpvp8depay", "vp8dec name=\(Name.videoDecoder)", Self.videoSink(named: Name.remoteVideo)]
            .joined(separator: " ! ")
    }

    /// The outgoing video bin from `source`, ending in the `rtp` elements.
    private static func videoSender(from source: CallMediaSource, rtp: [String]) -> String {
        switch source {
        case .pictures:
            return ([
                "appsrc name=\(Name.camera) is-live=true format=time do-timestamp=true max-buffers=2 leaky-type=downstream",
                "videoconvert", "queue max-size-buffers=2 leaky=downstream",
            ] + rtp).joined(separator: " ! ")
        case .devices, .testSources:
            let camera =
                source == .testSources
                ? "videotestsrc name=\(Name.camera) is-live=true pattern=smpte" : "autovideosrc name=\(Name.camera)"
            return ([
                camera, "valve name=\(Name.cameraValve)", "videoconvert", "videoscale", "videorate",
                "video/x-raw,width=640,height=480,framerate=30/1",
                "tee name=camera-split", "queue max-size-buffers=2 leaky=downstream",
            ] + rtp).joined(separator: " ! ") + " camera-split. ! " + videoSink(named: Name.selfView)
        }
    }

    /// A sink that hands RGBA frames to the app, keeping only the newest one
    /// when the app is slower than the stream.
    private static func videoSink(named name: String) -> String {
        [
            "queue max-size-buffers=1 leaky=downstream", "videoconvert", "video/x-raw,format=RGBA",
            "appsink name=\(name) sync=false max-buffers=1 drop=true",
        ].joined(separator: " ! ")
    }
}
