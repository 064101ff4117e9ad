import AssistCore
import Foundation

/// Issues and reads ``AttachmentTicket``s: a complete upload's description
/// sealed with the server's key (``TokenSealer``, shared by every node of a
/// cluster), so the hub accepts a chat message's file without a database
/// read, and nobody can claim a file of another session or sender.
struct AttachmentTickets: Sendable {
    /// What a ticket holds.
    struct Contents: Codable, Hashable {
        var attachmentId: String
        var sessionId: String
        var uploader: String
        var name: String
        var size: Int
        var mediaType: String

        /// The file as the receiver of the chat message is told of it.
        var info: AttachmentInfo { AttachmentInfo(id: attachmentId, name: name, size: size, mediaType: mediaType) }
    }

    let sealer: TokenSealer

    /// The ticket of complete upload `record`.
    func issue(for record: AttachmentRecord) throws -> AttachmentTicket {
        let contents = Contents(
            attachmentId: record.id, sessionId: record.sessionID.rawValue, uploader: record.uploader, name: record.name,
            size: Int(record.size), mediaType: record.mediaType)
        let sealed = try sealer.seal(String(decoding: try JSONEncoder().encode(contents), as: UTF8.self))
        return AttachmentTicket(rawValue: sealed.base64EncodedString())
    }

    /// What `ticket` holds, or `nil` when this server's key did not seal it.
    func open(_ ticket: AttachmentTicket) -> Contents? {
        guard let sealed = Data(base64Encoded: ticket.rawValue), let json = sealer.open(sealed) else { return nil }
        return try? JSONDecoder().decode(Contents.self, from: Data(json.utf8))
    }

    /// The file `ticket` names, if it was uploaded whole by `uploader` in session `session`.
    func file(_ ticket: AttachmentTicket, session: SessionID, uploader: String) -> AttachmentInfo? {
        guard let contents = open(ticket), contents.sessionId == session.rawValue, contents.uploader == uploader else {
            return nil
        }
        return contents.info
    }
}
