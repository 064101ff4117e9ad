import AssistCore
import CGstreamer
import CPortal

extension PixelBuffer {
    /// The picture in `sample` (a borrowed `GstSample` of BGRx video), its
    /// rows as far apart as GStreamer laid them out and every pixel opaque;
    /// `nil` when the sample is not BGRx video or its buffer is shorter than
    /// its caps say.
    ///
    /// Measured with mutter 43 and pipewiresrc 0.3.65: a 1280×720 monitor or
    /// window arrives as BGRx with a stride of 5,120 bytes (width × 4, no
    /// padding), in one plane.
    init?(bgrxSample sample: OpaquePointer) {
        guard let caps = gst_sample_get_caps(sample), let buffer = gst_sample_get_buffer(sample) else { return nil }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0, info.finfo?.pointee.format == GST_VIDEO_FORMAT_BGRx else {
            return nil
        }
        var frame = GstVideoFrame()
        guard gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ) != 0 else { return nil }
        defer { gst_video_frame_unmap(&frame) }
        // The mapped frame's info carries the buffer's own strides (its video meta).
        let width = Int(frame.info.width)
        let height = Int(frame.info.height)
        let stride = Int(frame.info.stride.0)
        guard width > 0, height > 0, stride >= width * 4, stride % 4 == 0,
            let first = frame.data.0, let mapped = frame.map.0.data
        else { return nil }
        let length = stride * height
        let available = Int(frame.map.0.size) - (UnsafeRawPointer(first) - UnsafeRawPointer(mapped))
        guard available >= length else { return nil }
        let source = first.assumingMemoryBound(to: UInt8.self)
        let bytes = [UInt8](unsafeUninitializedCapacity: length) { bytes, count in
            assist_copy_opaque_bgrx(bytes.baseAddress, source, gsize(length))
            count = length
        }
        self.init(width: width, height: height, stride: stride, bytes: bytes)
    }
}
