import AssistCore
import CGtk
import Dispatch
import Synchronization

/// Encodes rectangles of captured pixels as PNG with GTK's own encoder
/// (`gdk_texture_save_to_png_bytes`, libpng underneath): lossless, and
/// decoded by every browser without code of the console's own.
///
/// Off the main thread on purpose: a `GdkMemoryTexture` is immutable and
/// documented thread-safe, and nothing here touches a display, so the tiles
/// of one frame are encoded on every core at once.
public enum PNGTileEncoder {
    /// The PNG of each of `rects` of `buffer`, in order; an empty one where
    /// GTK could not encode it.
    public static func encode(_ buffer: PixelBuffer, _ rects: [PixelRect]) -> [[UInt8]] {
        let results = Mutex([[UInt8]](repeating: [], count: rects.count))
        DispatchQueue.concurrentPerform(iterations: rects.count) { index in
            let png = encode(buffer, rects[index])
            results.withLock { $0[index] = png }
        }
        return results.withLock { $0 }
    }

    /// The PNG of `rect` of `buffer`; empty when GTK could not encode it.
    public static func encode(_ buffer: PixelBuffer, _ rect: PixelRect) -> [UInt8] {
        let rowBytes = rect.width * 4
        var tile = [UInt8](repeating: 0, count: rowBytes * rect.height)
        buffer.bytes.withUnsafeBytes { source in
            tile.withUnsafeMutableBytes { target in
                for row in 0..<rect.height {
                    let from = (rect.y + row) * buffer.stride + rect.x * 4
                    target.baseAddress!.advanced(by: row * rowBytes)
                        .copyMemory(from: source.baseAddress!.advanced(by: from), byteCount: rowBytes)
                }
            }
        }
        let bytes = tile.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard
            let texture = gdk_memory_texture_new(
                Int32(rect.width), Int32(rect.height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(rowBytes))
        else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard let png = gdk_texture_save_to_png_bytes(texture) else { return [] }
        defer { g_bytes_unref(png) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(png, &size) else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }
}
