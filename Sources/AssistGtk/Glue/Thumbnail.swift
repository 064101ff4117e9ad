import CGtk

/// Small pictures of image files for the chat, decoded away from the main
/// thread: a 25 MB photo takes a noticeable while to decode, and the chat
/// must not stop answering meanwhile.
@MainActor
enum Thumbnail {
    /// The longest side of a thumbnail, in pixels.
    nonisolated static let maximumSide: Int32 = 160

    /// Decodes the picture at `path` scaled to fit ``maximumSide`` on a
    /// background thread, then calls `completion` on the main thread with
    /// its texture, or `nil` when the file is not a picture GDK can read.
    static func load(_ path: String, completion: @escaping @MainActor (OpaquePointer?) -> Void) {
        Task.detached(priority: .utility) {
            let decoded = DecodedPicture(path: path)
            await MainActor.run {
                guard let pixbuf = decoded.pixbuf else {
                    completion(nil)
                    return
                }
                let texture = gdk_texture_new_for_pixbuf(pixbuf)
                g_object_unref(UnsafeMutableRawPointer(pixbuf))
                completion(texture)
                if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
            }
        }
    }
}

/// A picture decoded by gdk-pixbuf, handed from the decoding thread to the
/// main thread once (a pixbuf no other thread holds may change threads).
private struct DecodedPicture: @unchecked Sendable {
    let pixbuf: OpaquePointer?

    nonisolated init(path: String) {
        pixbuf = gdk_pixbuf_new_from_file_at_scale(path, Thumbnail.maximumSide, Thumbnail.maximumSide, 1, nil)
    }
}
