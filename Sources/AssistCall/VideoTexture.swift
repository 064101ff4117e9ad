import CGstreamer
import CGtk

/// Turns a decoded RGBA frame into a `GdkMemoryTexture` without copying its
/// pixels: the texture's bytes are the mapped GStreamer buffer, which stays
/// mapped (and the sample referenced) until GTK frees the texture.
enum VideoTexture {
    /// A texture showing `frame`, or `nil` when the frame has no RGBA video
    /// caps or its buffer cannot be mapped. The caller owns the texture.
    static func make(from frame: VideoSample) -> OpaquePointer? {
        guard let caps = gst_sample_get_caps(frame.sample), let buffer = gst_sample_get_buffer(frame.sample) else {
            return nil
        }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0, info.finfo?.pointee.format == GST_VIDEO_FORMAT_RGBA,
            info.width > 0, info.height > 0
        else { return nil }
        let mapping = MappedFrame(frame, buffer)
        guard let data = mapping.data else { return nil }
        let release: GDestroyNotify = { userData in
            if let userData { Unmanaged<MappedFrame>.fromOpaque(userData).release() }
        }
        let bytes = g_bytes_new_with_free_func(
            data, gsize(mapping.size), release, Unmanaged.passRetained(mapping).toOpaque())
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(info.width, info.height, GDK_MEMORY_R8G8B8A8, bytes, gsize(info.stride.0))
    }
}

/// A frame's buffer mapped for reading, unmapped when released.
private final class MappedFrame {
    private let frame: VideoSample
    private let buffer: UnsafeMutablePointer<GstBuffer>
    private var map = GstMapInfo()
    private let mapped: Bool

    init(_ frame: VideoSample, _ buffer: UnsafeMutablePointer<GstBuffer>) {
        self.frame = frame
        self.buffer = buffer
        mapped = gst_buffer_map(buffer, &map, GST_MAP_READ) != 0
    }

    /// The first pixel, or `nil` when the buffer could not be mapped.
    var data: UnsafeMutableRawPointer? { mapped ? UnsafeMutableRawPointer(map.data) : nil }
    /// The mapped size in bytes.
    var size: Int { Int(map.size) }

    deinit {
        if mapped { gst_buffer_unmap(buffer, &map) }
    }
}
