/// A piece of mail and where it goes: the connection it is about (its id on
/// the node that holds the connection) and the node that is to read it.
struct AddressedMail: Sendable, Equatable {
    /// The node that is to read it.
    var recipient: String
    /// The node that wrote it.
    var sender: String
    /// The connection's id on the node that holds it.
    var link: Int
    /// What it says.
    var mail: ClusterMail

    /// The mail as a node link carries it (``NodeLinks``): the connection's
    /// id (8 bytes, big-endian), the kind (2 bytes), then the body.
    var wire: [UInt8] {
        let kind = UInt16(bitPattern: mail.kind)
        return BigEndianBytes.of(UInt64(bitPattern: Int64(link)))
            + [UInt8(truncatingIfNeeded: kind >> 8), UInt8(truncatingIfNeeded: kind)] + mail.body
    }

    /// The mail in `wire`, sent by `sender` to `recipient`; `nil` when it is
    /// too short or of a kind this server does not know.
    init?(wire: [UInt8], sender: String, recipient: String) {
        guard wire.count >= 10 else { return nil }
        let link = BigEndianBytes.number(in: wire[0..<8])
        let kind = Int16(bitPattern: UInt16(wire[8]) << 8 | UInt16(wire[9]))
        guard let mail = ClusterMail(kind: kind, body: Array(wire[10...])) else { return nil }
        self.init(recipient: recipient, sender: sender, link: Int(Int64(bitPattern: link)), mail: mail)
    }

    /// Mail `sender` writes for `recipient` about its connection `link`.
    init(recipient: String, sender: String, link: Int, mail: ClusterMail) {
        self.recipient = recipient
        self.sender = sender
        self.link = link
        self.mail = mail
    }
}
