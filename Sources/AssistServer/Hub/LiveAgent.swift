import AssistCore

/// An agent the hub holds in memory: its account, its delivery channel, and
/// its connection while it has one.
struct LiveAgent {
    var account: AgentAccount
    var channel: ServerAgentChannel
    /// The digest of the resume token the peer was given; the token itself
    /// is not kept (the peer presents it, and ``SecretDigest`` finds the stream).
    var resumeDigest: SecretDigest
    /// The highest outbound `seq` already written to the outbox.
    var persistedThrough: Int
    /// The agent's connection, when one is up and past its handshake.
    var link: PeerLink?
    /// Bumped on every connect and disconnect, so a stale grace timer is ignored.
    var generation = 0
    /// What the last queue snapshot sent showed, so a snapshot is sent only
    /// when that changes; `nil` when the next one must be sent anyway.
    var lastSnapshot: QueueSnapshotSignature?

    var id: String { account.id }
    var streamID: String { StreamRow.agentStreamID(account.id) }
    var isOnline: Bool { link != nil }

    /// The stream row to store for this agent's channel.
    var streamRow: StreamRow {
        StreamRow(
            id: streamID, resumeDigest: resumeDigest, lastSentSeq: channel.lastSentSeq,
            peerAcknowledgedSeq: channel.peerAcknowledgedSeq, lastReceivedSeq: channel.lastReceivedSeq)
    }
}
