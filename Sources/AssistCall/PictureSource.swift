import AssistCore
import CGstreamer

/// The `appsrc` a call's video starts from when its source is
/// ``CallMediaSource/pictures``: each ``PixelBuffer`` becomes one BGRA frame
/// of its own size (the caps change with it), stamped when it is pushed.
///
/// A screen that does not change hands in no picture, so the encoder has
/// nothing to make the key frame a receiver asks for: on each such request
/// the newest picture goes in again.
@MainActor
final class PictureSource {
    private let source: UnsafeMutablePointer<GstElement>
    private var size: (width: Int, height: Int)?
    private var newest: PixelBuffer?
    private let encoder: UnsafeMutablePointer<GstElement>?

    /// The source `element` (borrowed: the pipeline keeps it), feeding
    /// `encoder`, whose key frame requests it answers.
    init(_ element: UnsafeMutablePointer<GstElement>, encoder: UnsafeMutablePointer<GstElement>?) {
        source = element
        self.encoder = encoder
        encoder.map { encoder in KeyUnitRequests { [weak self] in self?.repeatNewest() }.watch(encoder) }
    }

    /// Pushes `picture`, copied into a buffer of tightly packed rows.
    func push(_ picture: PixelBuffer) {
        guard picture.width > 0, picture.height > 0 else { return }
        newest = picture
        source.withMemoryRebound(to: GstAppSrc.self, capacity: 1) { appsrc in
            if size?.width != picture.width || size?.height != picture.height {
                size = (picture.width, picture.height)
                let caps = gst_caps_from_string(
                    "video/x-raw,format=BGRA,width=\(picture.width),height=\(picture.height),framerate=0/1")
                gst_app_src_set_caps(appsrc, caps)
                gst_caps_unref(caps)
            }
            guard let buffer = Self.buffer(of: picture) else { return }
            _ = gst_app_src_push_buffer(appsrc, buffer)  // takes the buffer
        }
    }

    /// Asks the encoder for a key frame as a receiver's request would: the
    /// newest picture goes in again and comes out as one.
    func requestKeyframe() {
        guard let encoder else { return }
        // GST_CLOCK_TIME_NONE: as soon as possible; all headers, the first request.
        _ = gst_element_send_event(encoder, gst_video_event_new_upstream_force_key_unit(GstClockTime.max, 1, 0))
    }

    /// Pushes the newest picture again, for a key frame of what is shown now.
    private func repeatNewest() {
        newest.map(push)
    }

    /// A new buffer holding `picture`'s rows, `width × 4` bytes each.
    private static func buffer(of picture: PixelBuffer) -> UnsafeMutablePointer<GstBuffer>? {
        let row = picture.width * 4
        guard let buffer = gst_buffer_new_allocate(nil, gsize(row * picture.height), nil) else { return nil }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_WRITE) != 0 else {
            gst_buffer_unref(buffer)
            return nil
        }
        picture.bytes.withUnsafeBytes { pixels in
            guard let from = pixels.baseAddress else { return }
            if picture.stride == row {
                map.data.update(from: from.assumingMemoryBound(to: UInt8.self), count: row * picture.height)
            } else {
                for line in 0..<picture.height {
                    (map.data + line * row).update(
                        from: (from + line * picture.stride).assumingMemoryBound(to: UInt8.self), count: row)
                }
            }
        }
        gst_buffer_unmap(buffer, &map)
        return buffer
    }
}
