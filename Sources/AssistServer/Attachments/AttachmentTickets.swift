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

        /// The file as the parties of the chat message are told of it, without its download key.
        var info: AttachmentInfo { AttachmentInfo(id: attachmentId, name: name, size: size, mediaType: mediaType) }
    }

    /// The purpose label of download keys: their codes are made with a key
    /// of their own (``TokenSealer/authenticationCode(for:purpose:)``).
    private static let downloadKeyPurpose = "assist attachment download key v1"

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

    /// The file `ticket` names, with its ``downloadKey(attachment:session:)``,
    /// if it was uploaded whole by `uploader` in session `session`.
    func file(_ ticket: AttachmentTicket, session: SessionID, uploader: String) -> AttachmentInfo? {
        guard let contents = open(ticket), contents.sessionId == session.rawValue, contents.uploader == uploader else {
            return nil
        }
        var info = contents.info
        info.downloadKey = downloadKey(attachment: contents.attachmentId, session: session)
        return info
    }

    /// The cookie-less credential that downloads attachment `id` of session
    /// `session` with the form `sid=SESSION` (protocol.md §11.6): an HMAC of
    /// both, base64url without padding.
    func downloadKey(attachment id: String, session: SessionID) -> String {
        Self.base64URL(sealer.authenticationCode(for: Self.downloadMessage(id, session), purpose: Self.downloadKeyPurpose))
    }

    /// Whether `key` is the download key of attachment `id` in session `session`.
    func opens(downloadKey key: String, attachment id: String, session: SessionID) -> Bool {
        guard let code = Self.data(base64URL: key) else { return false }
        return sealer.isAuthenticationCode(code, for: Self.downloadMessage(id, session), purpose: Self.downloadKeyPurpose)
    }

    /// What a download key authenticates: the two ids, separated by a byte
    /// neither can hold.
    private static func downloadMessage(_ id: String, _ session: SessionID) -> String {
        "\(id)\u{0}\(session.rawValue)"
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func data(base64URL text: String) -> Data? {
        guard text.count <= 64, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
