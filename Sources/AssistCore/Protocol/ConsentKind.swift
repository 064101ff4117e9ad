/// Which kind of request the consumer answered.
public enum ConsentKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A request to see the consumer's window (co-browse).
    case screenShare
    /// A request to act on the consumer's window during co-browse.
    case control
    /// Pushed content the consumer may open.
    case push
    /// A call the agent proposed (version 3, `docs/protocol.md` §13).
    case call
}
