import CGstreamer

/// Links each stream webrtcbin receives to its decoding bin, on the
/// streaming thread that announces it (webrtcbin's `pad-added`): the pad
/// must be linked before its first buffer, so this cannot wait for the
/// main thread.
final class IncomingStreamLinker: @unchecked Sendable {
    // Unchecked: `pipeline` is only read, and only while webrtcbin — which
    // is inside it — can still emit pad-added.
    private let pipeline: UnsafeMutablePointer<GstElement>
    private let description: CallPipelineDescription
    private let counting: CallMediaCounting
    private let remoteVideo: VideoFrameMailbox
    private let failed: @Sendable (String) -> Void

    /// A linker adding bins to `pipeline`, counting into `counting`, and
    /// handing remote frames to `remoteVideo`; `failed` hears of a stream
    /// it could not link.
    init(
        pipeline: UnsafeMutablePointer<GstElement>, description: CallPipelineDescription,
        counting: CallMediaCounting, remoteVideo: VideoFrameMailbox, failed: @escaping @Sendable (String) -> Void
    ) {
        self.pipeline = pipeline
        self.description = description
        self.counting = counting
        self.remoteVideo = remoteVideo
        self.failed = failed
    }

    /// Listens for `webrtc`'s new source pads; the connection holds the
    /// linker until webrtcbin is finalized.
    func connect(to webrtc: UnsafeMutablePointer<GstElement>) {
        let padAdded: @convention(c) (gpointer?, UnsafeMutablePointer<GstPad>?, gpointer?) -> Void = {
            _, pad, userData in
            guard let pad, let userData, gst_pad_get_direction(pad) == GST_PAD_SRC else { return }
            Unmanaged<IncomingStreamLinker>.fromOpaque(userData).takeUnretainedValue().link(pad)
        }
        let release: GClosureNotify = { userData, _ in
            if let userData { Unmanaged<IncomingStreamLinker>.fromOpaque(userData).release() }
        }
        g_signal_connect_data(
            webrtc, "pad-added", unsafeBitCast(padAdded, to: GCallback.self),
            Unmanaged.passRetained(self).toOpaque(), release, GConnectFlags(0))
    }

    private func link(_ pad: UnsafeMutablePointer<GstPad>) {
        let media = Self.media(of: pad)
        let bin: UnsafeMutablePointer<GstElement>
        do throws(CallMediaError) {
            switch media {
            case "audio" where !description.receivesAudio, "video" where !description.receivesVideo:
                bin = try CallBins.parse(description.refusedStream)
            case "audio":
                bin = try CallBins.parse(description.audioReceiver)
                CallBins.element(CallPipelineDescription.Name.audioDecoder, in: bin).map {
                    counting.audioReceived.watch($0, pad: "src")
                }
            case "video":
                bin = try CallBins.parse(description.videoReceiver)
                CallBins.element(CallPipelineDescription.Name.remoteVideo, in: bin).map(remoteVideo.receive(from:))
            default:
                failed("webrtcbin gave a stream of unknown media \(media ?? "(none)")")
                return
            }
        } catch {
            failed(error.detail)
            return
        }
        gst_bin_add(CallBins.bin(pipeline), bin)
        gst_element_sync_state_with_parent(bin)
        guard let sink = gst_element_get_static_pad(bin, "sink") else { return }
        defer { gst_object_unref(sink) }
        if gst_pad_link(pad, sink) != GST_PAD_LINK_OK {
            failed("the incoming \(media ?? "") stream could not be linked to its decoder")
        }
    }

    /// The `media` field of `pad`'s RTP caps ("audio" or "video").
    private static func media(of pad: UnsafeMutablePointer<GstPad>) -> String? {
        guard let caps = gst_pad_get_current_caps(pad) else { return nil }
        defer { gst_caps_unref(caps) }
        guard let structure = gst_caps_get_structure(caps, 0), let media = gst_structure_get_string(structure, "media")
        else { return nil }
        return String(cString: media)
    }
}
