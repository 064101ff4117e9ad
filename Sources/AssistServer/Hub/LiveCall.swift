import AssistCore

/// A session's call as the hub relays it (`docs/protocol.md` §13.3). It
/// holds no media, only what decides which call messages may pass.
///
/// A proposed call is also one of the session's pending requests (kind
/// `call`) and an accepted one is kept in `accepted_calls`, so a restarted
/// server restores both: the peers' media goes peer to peer and may well
/// have survived, and their signaling is relayed again once they resume.
struct LiveCall {
    /// Where the call stands.
    enum Phase: Hashable {
        /// Proposed by the agent, not answered yet.
        case proposed
        /// Accepted by the person: signaling flows.
        case accepted
    }

    /// How long a proposed call waits for its answer before it ends with `unanswered`.
    static let answerTimeout = Duration.seconds(60)

    /// The agent's request that proposed the call.
    let requestID: RequestID
    /// Where the call stands.
    var phase: Phase
}
