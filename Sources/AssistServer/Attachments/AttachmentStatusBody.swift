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

    /// The body describing `record`.
    init(_ record: AttachmentRecord) {
        attachmentId = record.id
        name = record.name
        size = record.size
        mediaType = record.mediaType
        received = record.received
        complete = record.isComplete
    }
}
