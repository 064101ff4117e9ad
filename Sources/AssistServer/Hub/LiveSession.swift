import AssistCore

/// A session the hub holds in memory: its stored row, its delivery channel
/// to the consumer, and what is in flight.
struct LiveSession {
    var row: SessionRow
    var channel: ServerConsumerChannel
    /// The digest of the resume token the peer was given; the token itself
    /// is not kept (the peer presents it, and ``SecretDigest`` finds the stream).
    let resumeDigest: SecretDigest
    /// The highest outbound `seq` already written to the outbox.
    var persistedThrough: Int
    /// The consumer's connection, when one is up and past its handshake.
    var link: PeerLink?
    /// Bumped on every connect and disconnect, so a stale grace timer is ignored.
    var generation = 0
    /// The session's chat messages, oldest first, as stored: what an agent
    /// taking the session is sent.
    var transcript: [StoredChat] = []
    /// Chat ids seen per sender (`consumer` or `agent:<id>`), so a resend is stored once.
    var deduplicators: [String: ChatDeduplicator] = [:]
    /// Requests sent to the consumer and not answered yet.
    var pendingRequests: [RequestID: ConsentKind] = [:]
    /// The last queue line sent, so only changes are sent.
    var lastQueueUpdate: QueueUpdate?
    /// The screen share in progress, stored with the session until it ends
    /// (``KeptShare``): after a restart its pictures, its track's signals and
    /// the agent's input go on once both parties resume.
    var share: LiveShare?
    /// The call proposed or in progress (§13.3), one at a time.
    var call: LiveCall?
    /// The protocol version of the consumer's newest connection, so a call
    /// is proposed only to an app that can take it; 1 until the consumer
    /// connects after a restart.
    var consumerVersion = 1
    /// What the consumer's newest connection lets an agent ask to see
    /// (§12.8); after a restart, what its `hello` said until it resumes.
    var consumerShareScopes = ShareScope.unannounced
    /// Whether the consumer's newest connection lets an agent ask for
    /// control of the screen it shares (§12.9), kept like the scopes.
    var consumerScreenControl = false
    /// Whether the consumer's newest connection can send a shared screen as
    /// a video track (§13.5), kept like the scopes.
    var consumerScreenVideo = false

    var id: SessionID { row.id }
    var streamID: String { StreamRow.consumerStreamID(row.id) }

    /// The stream row to store for this session's channel.
    var streamRow: StreamRow {
        StreamRow(
            id: streamID, resumeDigest: resumeDigest, lastSentSeq: channel.lastSentSeq,
            peerAcknowledgedSeq: channel.peerAcknowledgedSeq, lastReceivedSeq: channel.lastReceivedSeq)
    }
}
