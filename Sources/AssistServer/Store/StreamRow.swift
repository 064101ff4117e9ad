import AssistCore

/// The stored delivery state of one stream: a consumer's session
/// (`consumer:<session id>`) or an agent (`agent:<agent id>`).
struct StreamRow: Sendable, Hashable {
    var id: String
    /// The digest of the stream's resume token; the token itself is never stored.
    var resumeDigest: SecretDigest
    var lastSentSeq: Int
    var peerAcknowledgedSeq: Int
    var lastReceivedSeq: Int

    /// The stream of a consumer's session.
    static func consumerStreamID(_ session: SessionID) -> String { "consumer:\(session.rawValue)" }

    /// The stream of an agent.
    static func agentStreamID(_ agentID: String) -> String { "agent:\(agentID)" }
}
