/// What a ``ReliableChannel`` must remember across a restart of the process
/// that holds it: its three counters and the messages the peer has not yet
/// acknowledged. The server stores one per session and per agent, so a
/// restarted server resumes delivery where it stopped.
public struct ReliableChannelSnapshot<Outbound: WireMessage>: Sendable, Hashable {
    /// The highest `seq` handed out.
    public var lastSentSeq: Int
    /// The highest `seq` the peer acknowledged.
    public var peerAcknowledgedSeq: Int
    /// The highest `seq` received and delivered, in order.
    public var lastReceivedSeq: Int
    /// The sequenced messages sent but not acknowledged, oldest first: exactly
    /// the `seq`s after ``peerAcknowledgedSeq`` up to ``lastSentSeq``.
    public var unacknowledged: [Envelope<Outbound>]

    /// Creates a snapshot from stored values.
    public init(lastSentSeq: Int, peerAcknowledgedSeq: Int, lastReceivedSeq: Int, unacknowledged: [Envelope<Outbound>]) {
        self.lastSentSeq = lastSentSeq
        self.peerAcknowledgedSeq = peerAcknowledgedSeq
        self.lastReceivedSeq = lastReceivedSeq
        self.unacknowledged = unacknowledged
    }

    /// Whether the values describe a channel that could exist: counters not
    /// negative, nothing acknowledged beyond what was sent, and the kept
    /// messages numbered exactly from the first unacknowledged `seq` to the last sent.
    public var isConsistent: Bool {
        guard lastSentSeq >= 0, lastReceivedSeq >= 0, (0...lastSentSeq).contains(peerAcknowledgedSeq) else {
            return false
        }
        let expected = Array((peerAcknowledgedSeq + 1)..<(lastSentSeq + 1))
        return unacknowledged.map(\.seq) == expected.map { Optional($0) }
    }
}
