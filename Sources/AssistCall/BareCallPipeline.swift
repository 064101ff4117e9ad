import AssistCore
import CGstreamer

/// The work of a video call's media without the call: the same test
/// picture and tone, the same encoders, payloaders, decoders and RGBA
/// conversions as a ``CallPeer`` sending and receiving audio and video,
/// with each outgoing RTP stream fed straight into the matching incoming
/// bin — no webrtcbin, no ICE, DTLS or SRTP, no GTK.
///
/// It is the floor `assist-bench` measures a call's cost against.
public enum BareCallPipeline {
    /// The pipeline in `gst-launch` syntax, made from the bins a video call
    /// in `.full` mode uses.
    public static var launchDescription: String {
        let bins = CallPipelineDescription(
            configuration: CallPeerConfiguration(
                tracks: CallTracks(videoMode: .full, media: .video), source: .testSources, audioOutput: .discard),
            vp8PayloadType: CallPipelineDescription.offeringPayloadTypes.vp8,
            opusPayloadType: CallPipelineDescription.offeringPayloadTypes.opus)
        // A full video call sends both; the description has both senders.
        let audio = bins.audioSender ?? ""
        let video = bins.videoSender ?? ""
        typealias Name = CallPipelineDescription.Name
        return "\(audio) \(Name.audioRTP). ! \(bins.audioReceiver) \(video) \(Name.videoRTP). ! \(bins.videoReceiver)"
    }

    /// Runs the pipeline for `seconds`, then stops it; throws what GStreamer
    /// reports if an element fails or the stream ends early.
    public static func run(seconds: Double) throws(CallMediaError) {
        try GStreamerRuntime.prepare()
        var failure: UnsafeMutablePointer<GError>?
        let parsed = gst_parse_launch(launchDescription, &failure)
        guard let parsed, failure == nil else {
            let detail = CallBins.takeMessage(of: &failure)
            if let parsed { gst_object_unref(UnsafeMutableRawPointer(parsed)) }
            throw CallMediaError(.missingElement, "GStreamer could not build the bare pipeline: \(detail)")
        }
        let pipeline = UnsafeMutablePointer<GstElement>(parsed)
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(UnsafeMutableRawPointer(pipeline))
        }
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            throw CallMediaError(.mediaFailed, "the bare pipeline would not start playing")
        }
        guard let bus = gst_element_get_bus(pipeline) else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        let stopping = GstMessageType(rawValue: GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_EOS.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime(seconds * 1_000_000_000), stopping) else {
            return  // nothing went wrong for `seconds`
        }
        defer { gst_message_unref(message) }
        guard message.pointee.type == GST_MESSAGE_ERROR else {
            throw CallMediaError(.mediaFailed, "the bare pipeline's stream ended early")
        }
        throw CallMediaError(.mediaFailed, "the bare pipeline failed: \(CallBins.errorText(of: message))")
    }
}
