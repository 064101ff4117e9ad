/// The `LISTEN`/`NOTIFY` channel that rings a node's doorbell when mail is
/// written for it, named after the node's id (letters, digits and `_` only).
enum MailChannel {
    /// The channel of node `node`.
    static func of(node: String) -> String { "assist_mail_\(node)" }

    /// The channel every node hears when a new leader takes over.
    static let leader = "assist_leader"
}
