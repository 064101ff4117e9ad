import AssistGtk
import CGstreamer

/// Hears every request for a key frame that reaches an encoder from
/// downstream — a receiver's PLI or FIR turned into `GstForceKeyUnit` by
/// the RTP session — and reports it on the main thread.
///
/// The encoder makes the next frame a key frame by itself; what it cannot do
/// is make a frame when none comes, which is what a still screen's pictures
/// are: nothing. So ``PictureSource`` hands the newest picture in again.
final class KeyUnitRequests: Sendable {
    private let requested: @Sendable @MainActor () -> Void

    /// Reports each request to `requested`, on the main thread.
    init(_ requested: @escaping @Sendable @MainActor () -> Void) {
        self.requested = requested
    }

    /// Listens on `encoder`'s source pad from now on. The probe keeps this
    /// object alive until the pad is finalized.
    func watch(_ encoder: UnsafeMutablePointer<GstElement>) {
        guard let pad = gst_element_get_static_pad(encoder, "src") else { return }
        defer { gst_object_unref(pad) }
        let probe: GstPadProbeCallback = { _, info, userData in
            guard let userData, let info, let event = gst_pad_probe_info_get_event(info),
                gst_video_event_is_force_key_unit(event) != 0
            else { return GST_PAD_PROBE_OK }
            let requests = Unmanaged<KeyUnitRequests>.fromOpaque(userData).takeUnretainedValue()
            MainContext.post(requests.requested)
            return GST_PAD_PROBE_OK
        }
        let release: GDestroyNotify = { userData in
            if let userData { Unmanaged<KeyUnitRequests>.fromOpaque(userData).release() }
        }
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_UPSTREAM, probe, Unmanaged.passRetained(self).toOpaque(), release)
    }
}
