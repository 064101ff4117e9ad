import CGstreamer

/// A `GstWebRTCSessionDescription` Swift owns and frees.
///
/// It is Sendable because it is handed from webrtcbin's thread to the main
/// thread whole, and nobody writes it once made.
final class OwnedSessionDescription: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GstWebRTCSessionDescription>

    /// Wraps `pointer`, taking over freeing it.
    init(taking pointer: UnsafeMutablePointer<GstWebRTCSessionDescription>) {
        self.pointer = pointer
    }

    /// The description of `kind` read from `sdp`; a text with no media
    /// section is refused (GStreamer's parser accepts nearly anything).
    convenience init(parsing sdp: String, as kind: CallSessionDescription.Kind) throws(CallMediaError) {
        var message: UnsafeMutablePointer<GstSDPMessage>?
        guard gst_sdp_message_new_from_text(sdp, &message) == GST_SDP_OK, let message else {
            throw CallMediaError(.malformedDescription, "the remote \(kind.rawValue) is not SDP")
        }
        guard gst_sdp_message_medias_len(message) > 0 else {
            gst_sdp_message_free(message)
            throw CallMediaError(.malformedDescription, "the remote \(kind.rawValue) has no media section")
        }
        let type = kind == .offer ? GST_WEBRTC_SDP_TYPE_OFFER : GST_WEBRTC_SDP_TYPE_ANSWER
        self.init(taking: gst_webrtc_session_description_new(type, message))
    }

    /// The SDP text.
    var text: String {
        guard let text = gst_sdp_message_as_text(pointer.pointee.sdp) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    deinit {
        gst_webrtc_session_description_free(pointer)
    }
}
