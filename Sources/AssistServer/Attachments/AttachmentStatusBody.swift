import AssistCore
import HTTPTypes

/// How an upload stands, as the attachment endpoints answer it.
struct AttachmentStatusBody: Codable, Hashable {
    /// The header that says where an upload's part starts.
    static let uploadOffset = HTTPField.Name("Upload-Offset")!

    var attachmentId: String
    var name: String
    var size: Int64
    var mediaType: String
    var received: Int64
    var complete: Bool
    /// For the uploader of a complete file: the ticket to send it with in chat.
    var ticket: String?

    /// The body describing `record`, with `ticket` for its uploader once complete.
    init(_ record: AttachmentRecord, ticket: AttachmentTicket? = nil) {
        attachmentId = record.id
        name = record.name
        size = record.size
        mediaType = record.mediaType
        received = record.received
        complete = record.isComplete
        self.ticket = ticket?.rawValue
    }
}
