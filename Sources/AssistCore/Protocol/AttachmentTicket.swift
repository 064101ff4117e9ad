/// The server's proof that a file was uploaded, whole, by one party of one
/// session: the answer to the upload's last part, which the sender puts on
/// the chat message that carries the file (`attachmentTicket`). Opaque to
/// clients; the server reads the file's description from it, so any node
/// of a cluster can accept the message without looking the file up.
public struct AttachmentTicket: RawRepresentable, Sendable, Hashable, Codable {
    /// The ticket's text, 1–``ProtocolLimits/maxAttachmentTicket`` characters.
    public var rawValue: String

    /// Wraps a ticket's text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
