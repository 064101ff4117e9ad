/// What a ``CallPeer`` reports to the app, always on the main thread.
public enum CallPeerEvent: Sendable, Hashable {
    /// A local offer or answer, to send to the other side.
    case localDescription(CallSessionDescription)
    /// A local ICE candidate for the m-line at `mLineIndex`, to send to the other side.
    case localCandidate(mLineIndex: Int, candidate: String)
    /// Gathering is over: no more local candidates for this negotiation.
    case localCandidatesComplete
    /// The connection to the other side changed.
    case connectionStateChanged(CallConnectionState)
    /// Something failed: negotiation, a device, a codec. The call's media
    /// may have stopped; the app decides whether to end the call.
    case failed(CallMediaError)
}

/// An SDP offer or answer, as text.
public struct CallSessionDescription: Sendable, Hashable {
    /// Which of the two it is.
    public enum Kind: String, Sendable, Hashable {
        /// An offer.
        case offer
        /// An answer.
        case answer
    }

    /// Offer or answer.
    public let kind: Kind
    /// The SDP text.
    public let sdp: String

    /// A description of `kind` with text `sdp`.
    public init(kind: Kind, sdp: String) {
        self.kind = kind
        self.sdp = sdp
    }
}
