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
        case .unreadableFile(let path, let reason): localized("{file} could not be read: {reason}.", ["file": path, "reason": reason])
        case .unsupportedContent(let name):
            localized(
                "{name} cannot be sent: only images (PNG, JPEG, GIF, WebP), PDF documents and plain text files can.", ["name": name])
        case .unwritableFolder(let folder, let reason):
            localized("The file could not be saved in {folder}: {reason}.", ["folder": folder, "reason": reason])
        case .unreachable(let attempts, _):
            localizedPlural(
                "The server could not be reached ({count} try); the file was not sent.",
                "The server could not be reached ({count} tries); the file was not sent.", count: attempts)
        }
    }
}
