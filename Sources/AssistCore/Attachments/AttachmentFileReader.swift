import Foundation

/// Reads a file to upload one part at a time, so a large file is never
/// held whole in memory.
final class AttachmentFileReader: Sendable {
    /// The file's size in bytes.
    let size: Int
    private let path: String
    private let handle: FileHandle

    /// Opens the file at `url`.
    init(_ url: URL) throws {
        path = url.path
        do {
            handle = try FileHandle(forReadingFrom: url)
            size = Int(try handle.seekToEnd())
        } catch {
            throw AttachmentTransferError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
    }

    /// At most `count` bytes from `offset`.
    func read(at offset: Int, count: Int) throws -> [UInt8] {
        do {
            try handle.seek(toOffset: UInt64(offset))
            return [UInt8](try handle.read(upToCount: count) ?? Data())
        } catch {
            throw AttachmentTransferError.unreadableFile(path: path, reason: error.localizedDescription)
        }
    }

    /// Closes the file.
    func close() {
        try? handle.close()
    }
}
