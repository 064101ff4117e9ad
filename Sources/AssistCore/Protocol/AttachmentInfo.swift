/// A file sent with a chat message, as the receiver is told of it: what to
/// show, and the id to download it by (`POST /v1/attachments/{id}/download`).
public struct AttachmentInfo: Sendable, Hashable, Codable {
    /// The server's id of the file.
    public var id: String
    /// The file's name, without folders.
    public var name: String
    /// Its size in bytes.
    public var size: Int
    /// Its media type, recognised from the content (``MediaTypeSniffer``).
    public var mediaType: String
    /// The server's cookie-less download credential for this file in its
    /// session (`?key=` of `POST /v1/attachments/{id}/download`, §11.6), if
    /// the server gave one.
    public var downloadKey: String?

    /// Describes a file.
    public init(id: String, name: String, size: Int, mediaType: String, downloadKey: String? = nil) {
        self.id = id
        self.name = name
        self.size = size
        self.mediaType = mediaType
        self.downloadKey = downloadKey
    }

    /// Reads `attachmentId`, `name`, `size`, `mediaType` and the optional `downloadKey`.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        self.init(
            id: try reader.text("attachmentId", max: ProtocolLimits.maxIdentifier),
            name: try reader.text("name", max: ProtocolLimits.maxFileName),
            size: try reader.integer("size", min: 1),
            mediaType: try reader.text("mediaType", max: ProtocolLimits.maxMediaType),
            downloadKey: try reader.textIfPresent("downloadKey", max: ProtocolLimits.maxIdentifier))
    }

    /// Writes the members ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.text(id, "attachmentId", max: ProtocolLimits.maxIdentifier)
        try writer.text(name, "name", max: ProtocolLimits.maxFileName)
        try writer.integer(size, "size", min: 1)
        try writer.text(mediaType, "mediaType", max: ProtocolLimits.maxMediaType)
        try writer.textIfPresent(downloadKey, "downloadKey", max: ProtocolLimits.maxIdentifier)
    }
}
