import AssistCore
import Foundation

/// A session as stored: what the consumer asked for and where it stands.
struct SessionRow: Sendable, Hashable {
    var id: SessionID
    var destination: String
    var hello: ConsumerHello
    var phase: SessionPhase
    var agentID: String?
    var createdAt: Date
    var assignedAt: Date?
    var endedAt: Date?
    var endReason: SessionEndReason?
    /// The correlation id of the short code whose session token opened the
    /// session, recorded once with the new row (`escalation_cid`); the
    /// token itself is not kept in ``hello``.
    var escalationCorrelationID: String? = nil
}
