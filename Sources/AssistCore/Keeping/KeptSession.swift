import Foundation

/// What the app keeps on disk of a support session in progress, so that the
/// session survives the app quitting or being killed: launched again, the
/// app resumes it where it was (``ConsumerSession/init(restoring:hello:)``).
///
/// Versioned (``format``): a file of another format is refused rather than
/// guessed at. The consumer's ``ReliableChannel`` is kept whole — its
/// counters and the frames the server has not acknowledged, as their wire
/// text — so a resume after a restart is exactly a resume after a drop: the
/// kept frames go again with their `seq`s and client message ids, and the
/// server's `seq` rule and chat deduplication deliver each once.
public struct KeptSession: Sendable, Hashable, Codable {
    /// The format this build writes and reads.
    public static let currentFormat = 1

    /// The format of the record; always ``currentFormat`` when written.
    public var format: Int
    /// The configured server the session lives on, as written in the
    /// configuration (``Configuration/server``'s absolute string).
    public var server: String
    /// The session, as the server's `welcome` named it.
    public var sessionID: SessionID
    /// The newest resume token; treat it like a password (the file is
    /// readable by its owner only).
    public var resumeToken: ResumeToken
    /// How long the server keeps the session after a drop, from `welcome`.
    public var gracePeriodSeconds: Int
    /// The protocol version the newest connection negotiated.
    public var version: Int
    /// The consumer's channel: counters and unacknowledged frames.
    public var channel: KeptChannel
    /// Where the session stood: waiting, or with an agent.
    public var phase: KeptPhase
    /// The agents met in the session, to name the authors of messages.
    public var agents: [Agent]
    /// The chat as the person saw it, oldest first.
    public var transcript: [KeptChatEntry]
    /// Requests the person had not answered; declined on resume, as the
    /// prompt does by default.
    public var openRequests: [KeptRequest]
    /// The share in progress, if any; a restarted app is not capturing, so
    /// the agent is told the share ended.
    public var shareRequestID: RequestID?

    /// Creates a record in the current format.
    public init(
        server: String, sessionID: SessionID, resumeToken: ResumeToken, gracePeriodSeconds: Int, version: Int,
        channel: KeptChannel, phase: KeptPhase, agents: [Agent], transcript: [KeptChatEntry],
        openRequests: [KeptRequest], shareRequestID: RequestID?
    ) {
        format = Self.currentFormat
        self.server = server
        self.sessionID = sessionID
        self.resumeToken = resumeToken
        self.gracePeriodSeconds = gracePeriodSeconds
        self.version = version
        self.channel = channel
        self.phase = phase
        self.agents = agents
        self.transcript = transcript
        self.openRequests = openRequests
        self.shareRequestID = shareRequestID
    }
}

/// A ``ConsumerChannel`` as kept on disk: the three counters and the frames
/// the server has not acknowledged, each as the text that goes on the wire.
public struct KeptChannel: Sendable, Hashable, Codable {
    /// The highest `seq` handed out.
    public var lastSentSeq: Int
    /// The highest `seq` the server acknowledged.
    public var peerAcknowledgedSeq: Int
    /// The highest `seq` received from the server and delivered.
    public var lastReceivedSeq: Int
    /// The unacknowledged frames, oldest first, as wire text.
    public var unacknowledged: [String]

    /// Keeps `snapshot`.
    ///
    /// - Throws: ``ProtocolError`` when a kept frame cannot be encoded
    ///   (it was encoded once already, so this does not happen).
    public init(_ snapshot: ReliableChannelSnapshot<ConsumerMessage>) throws(ProtocolError) {
        lastSentSeq = snapshot.lastSentSeq
        peerAcknowledgedSeq = snapshot.peerAcknowledgedSeq
        lastReceivedSeq = snapshot.lastReceivedSeq
        var frames: [String] = []
        for envelope in snapshot.unacknowledged { frames.append(try ProtocolCodec.encode(envelope)) }
        unacknowledged = frames
    }

    /// The channel again, offline.
    ///
    /// - Throws: ``KeptSessionError`` when a frame does not decode or the
    ///   counters and frames do not describe a channel that could exist.
    public func restored() throws(KeptSessionError) -> ConsumerChannel {
        var envelopes: [Envelope<ConsumerMessage>] = []
        for (index, frame) in unacknowledged.enumerated() {
            do {
                envelopes.append(try ProtocolCodec.decode(text: frame, as: ConsumerMessage.self))
            } catch {
                throw KeptSessionError(.damaged("unacknowledged frame \(index + 1) does not decode: \(error)"))
            }
        }
        let snapshot = ReliableChannelSnapshot(
            lastSentSeq: lastSentSeq, peerAcknowledgedSeq: peerAcknowledgedSeq, lastReceivedSeq: lastReceivedSeq,
            unacknowledged: envelopes)
        guard let channel = ConsumerChannel(restoring: snapshot) else {
            throw KeptSessionError(.damaged("the channel's counters and frames do not agree"))
        }
        return channel
    }
}

/// Where a kept session stood.
public enum KeptPhase: Sendable, Hashable, Codable {
    /// In the queue.
    case waiting
    /// Chatting with this agent.
    case withAgent(Agent)
}

/// A request the person had not answered when the record was written.
public struct KeptRequest: Sendable, Hashable, Codable {
    /// What was asked.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// To see the window.
        case screenShare
        /// To control the window.
        case control
        /// To show a link or a document.
        case push
    }

    /// The request's id.
    public var id: RequestID
    /// What was asked.
    public var kind: Kind

    /// Creates a kept request.
    public init(id: RequestID, kind: Kind) {
        self.id = id
        self.kind = kind
    }
}
