import Foundation

/// What the card of a file in chat shows, from its ``ChatEntry``: the name,
/// size and type, the upload's progress, and a one-line status.
public struct ChatFileCardContent: Sendable, Hashable {
    /// The file's name.
    public let name: String
    /// Its size in bytes.
    public let size: Int
    /// Its media type: the server's, or until the server has the file, the
    /// one its name suggests (`application/octet-stream` when none).
    public let mediaType: String
    /// How much of the person's file is on the server, from 0 to 1, while it uploads.
    public let progress: Double?
    /// "Sending… 40 %", "Saved as report (2).pdf", or why the file did not go or come.
    public let status: String?
    /// Whether ``status`` says something went wrong.
    public let isProblem: Bool

    /// The card of `entry`'s file.
    public init(_ entry: ChatEntry) {
        name = entry.attachment?.name ?? entry.text
        size = entry.attachment?.size ?? entry.localFile?.size ?? 0
        mediaType =
            entry.attachment?.mediaType ?? MediaTypeSniffer.mediaType(forFileName: name) ?? "application/octet-stream"
        switch entry.file {
        case .uploading(let sent, let size):
            progress = size > 0 ? min(1, Double(sent) / Double(size)) : 0
            status = localized("Sending… {percent} %", ["percent": String(size > 0 ? min(100, sent * 100 / size) : 0)])
            isProblem = false
        case .notSent(let sentence), .notSaved(let sentence):
            (progress, status, isProblem) = (nil, sentence, true)
        case .cancelled:
            (progress, status, isProblem) = (nil, localized("Cancelled; the file was not sent."), false)
        case .downloading:
            (progress, status, isProblem) = (nil, localized("Saving…"), false)
        case .saved(let path):
            (progress, status, isProblem) = (nil, localized("Saved as {name}", ["name": URL(fileURLWithPath: path).lastPathComponent]), false)
        case .uploaded, nil:
            (progress, status, isProblem) = (nil, nil, false)
        }
    }

    /// Whether the file is a picture, which gets a thumbnail once it is on this computer.
    public var isPicture: Bool { mediaType.hasPrefix("image/") }

    /// What a screen reader reads for the card: "File screen.png, 2.5 MB,
    /// Sending… 40 %", with `sizeText` the size as the desktop writes it.
    public func accessibleSummary(sizeText: String) -> String {
        ([localized("File {name}", ["name": name]), sizeText] + [status].compactMap(\.self)).joined(separator: ", ")
    }
}
