@testable import AssistServer
import AssistCore
import Foundation

/// Rows the store tests commit, with times in whole seconds since 1970.
enum StoredRows {
    /// A queued session of `destination` created at `createdAt`.
    static func session(
        _ id: String, destination: String = "support", createdAt: Double, escalation: String? = nil
    ) -> SessionRow {
        SessionRow(
            id: SessionID(id), destination: destination, hello: ConsumerHello(destination: destination),
            phase: .queued, agentID: nil, createdAt: Date(timeIntervalSince1970: createdAt),
            escalationCorrelationID: escalation)
    }

    /// A session assigned at `assignedAt` and, if `endedAt` is given, ended then.
    static func handled(
        _ id: String, destination: String = "support", assignedAt: Double?, endedAt: Double?
    ) -> SessionRow {
        var row = session(id, destination: destination, createdAt: (assignedAt ?? 1) - 1)
        row.phase = endedAt == nil ? .assigned : .ended
        row.agentID = "sam"
        row.assignedAt = assignedAt.map(Date.init(timeIntervalSince1970:))
        row.endedAt = endedAt.map(Date.init(timeIntervalSince1970:))
        row.endReason = endedAt == nil ? nil : .agentEnded
        return row
    }

    /// A stream whose resume token is `token`, with the given counters.
    static func stream(_ id: String, token: String, lastSent: Int = 0, acknowledged: Int = 0, received: Int = 0)
        -> StreamRow
    {
        StreamRow(
            id: id, resumeDigest: SecretDigest(of: token), lastSentSeq: lastSent, peerAcknowledgedSeq: acknowledged,
            lastReceivedSeq: received)
    }

    /// A chat message of `session` by `author`, sent at `sentAt`.
    static func chat(
        _ id: String, in session: String, clientID: String, author: ChatAuthor = .consumer, text: String? = nil,
        sentAt: Double
    ) -> StoredChat {
        StoredChat(
            sessionID: SessionID(session), clientMessageID: ClientMessageID(clientID),
            message: ChatMessage(
                id: ServerMessageID(id), author: author, text: text ?? "message \(id)",
                sentAt: Date(timeIntervalSince1970: sentAt)))
    }

    /// Changes that write only `sessions`.
    static func changes(sessions: [SessionRow]) -> StoreChanges {
        var changes = StoreChanges()
        changes.sessions = sessions
        return changes
    }
}
