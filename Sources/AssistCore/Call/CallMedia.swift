/// What a call carries, as the agent proposes it or the person asks for it
/// (`docs/protocol.md` §13.2, CallMedia).
public enum CallMedia: String, Sendable, Hashable, Codable, CaseIterable {
    /// Voice only.
    case audio
    /// Voice and video, as far as each side's ``VideoMode`` allows.
    case video
}
