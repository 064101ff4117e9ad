import AssistCore
import Foundation

/// One chat message as stored, with who sent it (`consumer` or `agent:<id>`)
/// and the sender's own id for it, which makes a resend a duplicate.
struct StoredChat: Sendable, Hashable {
    var sessionID: SessionID
    var sender: String
    var clientMessageID: ClientMessageID
    var message: ChatMessage
}
