/// Decides, for one running share of a monitor or a window, which path its
/// pictures take (`docs/protocol.md` §13.5): app frames (tiles) until the
/// video track the agent offered is connected, the track while it is, and
/// tiles again — with a `restart` to the agent — when it stops.
///
/// It only decides: the app performs each ``Action`` in order, and tells
/// the machine what the media did.
public struct ScreenVideoMachine: Sendable, Hashable {
    /// What the app does next.
    public enum Action: Sendable, Hashable {
        /// Stop the track's connection, if there is one, and make a new one
        /// that answers `offer`, sending the share's pictures.
        case answer(offer: String)
        /// Add one of the agent's ICE candidates to the connection.
        case addCandidate(String, sdpMLineIndex: Int)
        /// Send this signal to the agent (``SupportClient/sendScreenSignal(_:for:)``).
        case send(CallSignal)
        /// Stop the track's connection.
        case stopMedia
        /// Send the pictures as tiles again, starting with a keyframe.
        case resumeTiles
    }

    /// The newest negotiation seen; 0 before the first offer.
    public private(set) var negotiation = 0
    /// Whether the track is connected, so no tiles are sent.
    public private(set) var isConnected = false
    private var hasMedia = false
    private var ended = false

    /// A machine for a share that has just started: tiles, no track.
    public init() {}

    /// Whether the share's pictures go as tiles now.
    public var sendsTiles: Bool { !isConnected }

    /// A `screenSignal` from the agent. A signal of an older negotiation
    /// than the newest is dropped; a newer offer replaces the connection.
    public mutating func received(_ signal: CallSignal) -> [Action] {
        guard !ended else { return [] }
        switch signal {
        case .offer(let number, let sdp):
            guard number > negotiation else { return [] }
            negotiation = number
            hasMedia = true
            return disconnect() + [.answer(offer: sdp)]
        case .candidate(let number, let index, let candidate):
            guard hasMedia, number == negotiation, !candidate.isEmpty else { return [] }
            return [.addCandidate(candidate, sdpMLineIndex: index)]
        case .answer, .restart:
            return []  // the app answers and restarts; the agent does neither (§13.5)
        }
    }

    /// The connection made its answer to the newest offer.
    public mutating func answerCreated(_ sdp: String) -> [Action] {
        guard hasMedia, !ended else { return [] }
        return [.send(.answer(negotiation: negotiation, sdp: sdp))]
    }

    /// The connection gathered a candidate (an empty one ends them).
    public mutating func candidateGathered(_ candidate: String, sdpMLineIndex: Int) -> [Action] {
        guard hasMedia, !ended else { return [] }
        return [.send(.candidate(negotiation: negotiation, sdpMLineIndex: sdpMLineIndex, candidate: candidate))]
    }

    /// Media flows on the track: tiles stop.
    public mutating func mediaConnected() -> [Action] {
        guard hasMedia, !ended else { return [] }
        isConnected = true
        return []
    }

    /// The track's media stopped (ICE failed or disconnected) or its
    /// connection failed: tiles again, and the agent is asked to offer anew.
    public mutating func mediaLost() -> [Action] {
        guard hasMedia, !ended else { return [] }
        hasMedia = false
        return disconnect() + [.stopMedia, .send(.restart)]
    }

    /// The share ended: the track's connection closes.
    public mutating func shareEnded() -> [Action] {
        guard !ended else { return [] }
        ended = true
        isConnected = false
        return hasMedia ? [.stopMedia] : []
    }

    /// Leaves the connected state: tiles resume if the track carried them.
    private mutating func disconnect() -> [Action] {
        guard isConnected else { return [] }
        isConnected = false
        return [.resumeTiles]
    }
}
