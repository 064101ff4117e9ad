/// One step of a call's WebRTC negotiation, relayed unchanged between the
/// person's app and the agent (`docs/protocol.md` §13.2, CallSignal).
///
/// `negotiation` numbers each offer, from 1; its answer and the candidates
/// gathered for it carry the same number, and a receiver drops signals of
/// an older negotiation than the newest it has seen.
public enum CallSignal: Sendable, Hashable {
    /// A session description offering the call's media (always the agent's).
    case offer(negotiation: Int, sdp: String)
    /// The session description answering offer `negotiation` (always the app's).
    case answer(negotiation: Int, sdp: String)
    /// An ICE candidate for m-line `sdpMLineIndex` (0–15); an empty
    /// `candidate` ends the candidates of that m-line.
    case candidate(negotiation: Int, sdpMLineIndex: Int, candidate: String)
    /// From the app only: its media stopped; the agent is to offer again
    /// with an ICE restart.
    case restart

    /// The negotiation the signal belongs to; `nil` for ``restart``.
    public var negotiation: Int? {
        switch self {
        case .offer(let negotiation, _), .answer(let negotiation, _), .candidate(let negotiation, _, _): negotiation
        case .restart: nil
        }
    }

    /// The signal's `kind` on the wire.
    public var kind: String {
        switch self {
        case .offer: "offer"
        case .answer: "answer"
        case .candidate: "candidate"
        case .restart: "restart"
        }
    }
}
