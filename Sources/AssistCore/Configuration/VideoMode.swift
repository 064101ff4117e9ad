/// Which parties' video a support session shows (the seed's `videoMode`).
///
/// In JSON it is written with the case name: `"full"`, `"agentOnly"` or `"none"`.
public enum VideoMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Video from both the agent and the person.
    case full
    /// Video from the agent only; the person's camera is never used.
    case agentOnly
    /// No video at all.
    case none
}
