import AssistCore
import Foundation

/// A file one party of a session sends the other, as the server keeps it:
/// who sends it, what it is, and how much of it has arrived.
struct AttachmentRecord: Sendable, Hashable {
    /// The attachment's id: random, unguessable, unique.
    var id: String
    /// The session it belongs to; it is deleted with the session's other data.
    var sessionID: SessionID
    /// Who uploads it, as chat senders are stored: `consumer` or `agent:<id>`.
    var uploader: String
    /// The file's name, as shown and offered for saving.
    var name: String
    /// The media type the content was found to be, from the allow-list.
    var mediaType: String
    /// The file's size in bytes, declared when the upload starts.
    var size: Int64
    /// How many bytes have arrived and are stored.
    var received: Int64
    /// When the upload started.
    var createdAt: Date

    /// The largest chunk of an attachment kept in one row.
    static let chunkSize = 256 * 1024

    /// Whether every byte has arrived.
    var isComplete: Bool { received == size }
}
