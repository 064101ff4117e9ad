import Foundation

/// Why a file could not be sent or fetched, as the person is told.
public enum AttachmentTransferError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server refused it; `message` is its one sentence, shown as is.
    case refused(status: UInt, message: String)
    /// The file could not be read (`path`, the system's `reason`).
    case unreadableFile(path: String, reason: String)
    /// The file is of a kind the app knows the server cannot check, so it is not sent.
    case unsupportedContent(name: String)
    /// The file could not be written into `folder`.
    case unwritableFolder(folder: String, reason: String)
    /// The server could not be reached `attempts` times in a row.
    case unreachable(attempts: Int, reason: String)

    /// One sentence for the person.
    public var description: String {
        switch self {
        case .refused(_, let message): message
        case .unreadableFile(let path, let reason): "\(path) could not be read: \(reason)."
        case .unsupportedContent(let name):
            "\(name) cannot be sent: only images (PNG, JPEG, GIF, WebP), PDF documents and plain text files can."
        case .unwritableFolder(let folder, let reason): "The file could not be saved in \(folder): \(reason)."
        case .unreachable(let attempts, _):
            "The server could not be reached (\(attempts) tries); the file was not sent."
        }
    }
}
