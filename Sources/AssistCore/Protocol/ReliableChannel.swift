/// Delivery of one direction pair of a session that survives reconnection:
/// numbers outgoing sequenced messages, keeps them until the peer
/// acknowledges them, replays them after a resume, and delivers incoming
/// sequenced messages exactly once and in order.
///
/// A pure state machine in the swift-nio style: each event is a `mutating`
/// method that returns what to do; it performs no I/O and reads no clock.
/// Both the consumer's application and the server keep one per session (and
/// per agent), across connections: `Outbound` is what this side sends,
/// `Inbound` what it receives. See ``ConsumerChannel``,
/// ``ServerConsumerChannel``, ``AgentChannel`` and ``ServerAgentChannel``.
///
/// Rules (see `docs/protocol.md`, "Delivery"):
/// - Outgoing sequenced messages get `seq` 1, 2, 3, … and stay buffered until
///   a cumulative `ack` covers them.
/// - An incoming `seq` equal to the last received + 1 is delivered; a lower
///   one is a duplicate and dropped; a higher one is a gap, reported as
///   ``ProtocolError/Kind/sequenceGap(expected:received:)`` (close with 4004
///   and resume, which replays the missing frames).
/// - Every frame the channel emits carries `ack`, the last `seq` received.
public struct ReliableChannel<Outbound: WireMessage, Inbound: WireMessage>: Sendable {
    private enum State: Sendable, Hashable {
        /// No connection, or one whose handshake is not finished: sequenced
        /// messages are held, others discarded.
        case offline
        /// A connection is up and both sides know where the other stands.
        case online
    }

    private enum Verdict {
        case next
        case duplicate
        case gap(expected: Int)
    }

    /// The number of sent-but-unacknowledged messages kept by default.
    public static var defaultCapacity: Int { 1_000 }

    /// The most sent-but-unacknowledged messages kept; beyond it ``send(_:)`` fails.
    public let capacity: Int

    private var state: State = .offline
    private var unacknowledged: [Envelope<Outbound>] = []
    private var acknowledgementOwed = false

    /// The highest `seq` handed out, whether transmitted or held; 0 before the first.
    public private(set) var lastSentSeq = 0
    /// The highest `seq` the peer acknowledged; 0 before the first acknowledgement.
    public private(set) var peerAcknowledgedSeq = 0
    /// The highest `seq` received and delivered, in order; 0 before the first.
    /// Put it in `resume` and `welcome` as `lastReceivedSeq`.
    public private(set) var lastReceivedSeq = 0

    /// Creates a channel with nothing sent or received, offline.
    public init(capacity: Int = defaultCapacity) {
        precondition(capacity > 0, "a reliable channel needs room for at least one message")
        self.capacity = capacity
    }

    /// Restores a channel from a snapshot taken with ``snapshot``, offline;
    /// `nil` when the snapshot is not consistent (see
    /// ``ReliableChannelSnapshot/isConsistent``) or holds more than `capacity`
    /// messages.
    public init?(restoring snapshot: ReliableChannelSnapshot<Outbound>, capacity: Int = defaultCapacity) {
        guard capacity > 0, snapshot.isConsistent, snapshot.unacknowledged.count <= capacity else { return nil }
        self.capacity = capacity
        lastSentSeq = snapshot.lastSentSeq
        peerAcknowledgedSeq = snapshot.peerAcknowledgedSeq
        lastReceivedSeq = snapshot.lastReceivedSeq
        unacknowledged = snapshot.unacknowledged
    }

    /// Everything needed to restore this channel after a restart.
    public var snapshot: ReliableChannelSnapshot<Outbound> {
        ReliableChannelSnapshot(
            lastSentSeq: lastSentSeq, peerAcknowledgedSeq: peerAcknowledgedSeq,
            lastReceivedSeq: lastReceivedSeq, unacknowledged: unacknowledged)
    }

    /// Whether a connection is up (between ``replay(after:)`` and ``connectionLost()``).
    public var isOnline: Bool { state == .online }

    /// The sequenced messages sent but not yet acknowledged, oldest first.
    public var unacknowledgedMessages: [Envelope<Outbound>] { unacknowledged }

    /// Sends a message: numbers it when it is sequenced and keeps it until
    /// acknowledged.
    public mutating func send(_ message: Outbound) -> SendAction<Outbound> {
        guard message.isSequenced else {
            switch state {
            case .offline: return .discard
            case .online: return .transmit(stamped(Envelope(message)))
            }
        }
        guard unacknowledged.count < capacity else {
            return .fail(ProtocolError(.sendBufferFull(capacity: capacity)))
        }
        lastSentSeq += 1
        let envelope = Envelope(message, seq: lastSentSeq)
        unacknowledged.append(envelope)
        switch state {
        case .offline: return .hold
        case .online: return .transmit(stamped(envelope))
        }
    }

    /// Takes in a decoded frame: applies its `ack`, then delivers it, drops it
    /// as a duplicate, or reports a gap.
    public mutating func receive(_ envelope: Envelope<Inbound>) -> ReceiveAction<Inbound> {
        if let ack = envelope.ack {
            do {
                try acknowledge(upTo: ack)
            } catch {
                return .reject(ProtocolError(error.kind, frame: envelope.header))
            }
        }
        guard let seq = envelope.seq else { return .deliver(envelope.message) }
        switch verdict(on: seq) {
        case .next:
            lastReceivedSeq = seq
            acknowledgementOwed = true
            return .deliver(envelope.message)
        case .duplicate:
            acknowledgementOwed = true
            return .drop
        case .gap(let expected):
            return .reject(ProtocolError(.sequenceGap(expected: expected, received: seq), frame: envelope.header))
        }
    }

    /// Takes in a frame the codec could not decode. A frame whose envelope
    /// was readable and whose error is answered with an `error` frame still
    /// counts as received, so the sequence stays gapless and the sender stops
    /// resending it; every other error is passed on for closing.
    public mutating func receive(rejected error: ProtocolError) -> ReceiveAction<Inbound> {
        guard case .errorFrame = error.disposition, let frame = error.frame else { return .reject(error) }
        if let ack = frame.ack {
            do {
                try acknowledge(upTo: ack)
            } catch {
                return .reject(ProtocolError(error.kind, frame: frame))
            }
        }
        guard let seq = frame.seq else { return frame.type == "error" ? .drop : .reject(error) }
        switch verdict(on: seq) {
        case .next:
            lastReceivedSeq = seq
            acknowledgementOwed = true
            return frame.type == "error" ? .drop : .reject(error)
        case .duplicate:
            acknowledgementOwed = true
            return .drop
        case .gap(let expected):
            return .reject(ProtocolError(.sequenceGap(expected: expected, received: seq), frame: frame))
        }
    }

    /// Applies the peer's cumulative acknowledgement: forgets every message
    /// up to and including `seq`. An acknowledgement below an earlier one is
    /// ignored.
    ///
    /// - Throws: ``ProtocolError/Kind/invalidAcknowledgement(ack:lastSent:)``
    ///   when `seq` is negative or above ``lastSentSeq``.
    public mutating func acknowledge(upTo seq: Int) throws(ProtocolError) {
        guard seq >= 0, seq <= lastSentSeq else {
            throw ProtocolError(.invalidAcknowledgement(ack: seq, lastSent: lastSentSeq))
        }
        guard seq > peerAcknowledgedSeq else { return }
        peerAcknowledgedSeq = seq
        let acknowledgedCount = unacknowledged.prefix { ($0.seq ?? 0) <= seq }.count
        unacknowledged.removeFirst(acknowledgedCount)
    }

    /// A bodiless `ack` frame to send when something was received since the
    /// last frame that carried an acknowledgement, else `nil`. Call it after
    /// handling a batch of incoming frames.
    public mutating func acknowledgementFrame() -> Envelope<Outbound>? {
        guard acknowledgementOwed, state == .online else { return nil }
        return stamped(Envelope(.ack))
    }

    /// The connection dropped: hold sequenced messages until the next
    /// ``replay(after:)``.
    public mutating func connectionLost() {
        state = .offline
    }

    /// A connection is up and the peer stated the last `seq` it received
    /// (in `resume`, or in `welcome`; 0 for a new session): goes online and
    /// returns every kept message after that point, oldest first, to transmit
    /// in that order right after the handshake frame.
    ///
    /// - Throws: ``ProtocolError/Kind/replayBeyondSent(after:lastSent:)``
    ///   when the peer claims more than was sent, and
    ///   ``ProtocolError/Kind/replayUnavailable(after:firstRetained:)`` when
    ///   it claims less than it already acknowledged (those messages are gone).
    ///   Either way the resume must be rejected with 4002 (§6.4 step 2).
    public mutating func replay(after peerLastReceived: Int) throws(ProtocolError) -> [Envelope<Outbound>] {
        guard peerLastReceived <= lastSentSeq else {
            throw ProtocolError(.replayBeyondSent(after: peerLastReceived, lastSent: lastSentSeq))
        }
        guard peerLastReceived >= peerAcknowledgedSeq else {
            throw ProtocolError(.replayUnavailable(after: peerLastReceived, firstRetained: peerAcknowledgedSeq + 1))
        }
        try acknowledge(upTo: peerLastReceived)
        state = .online
        acknowledgementOwed = false
        return unacknowledged.map { stamped($0) }
    }

    private mutating func stamped(_ envelope: Envelope<Outbound>) -> Envelope<Outbound> {
        var envelope = envelope
        envelope.ack = lastReceivedSeq
        acknowledgementOwed = false
        return envelope
    }

    private func verdict(on seq: Int) -> Verdict {
        if seq == lastReceivedSeq + 1 { return .next }
        if seq <= lastReceivedSeq { return .duplicate }
        return .gap(expected: lastReceivedSeq + 1)
    }
}
