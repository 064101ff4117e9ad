/// A call the agent proposed to the person (`callRequest`, `docs/protocol.md` §13.2).
public struct CallProposal: Sendable, Hashable {
    /// The request the answer, the signals and the end of the call name.
    public var requestID: RequestID
    /// The agent who calls.
    public var agentID: String
    /// What the agent proposes; the person's ``VideoMode`` decides what flows (§13.4).
    public var media: CallMedia

    /// A proposal as `callRequest` carries it.
    public init(requestID: RequestID, agentID: String, media: CallMedia) {
        self.requestID = requestID
        self.agentID = agentID
        self.media = media
    }
}
