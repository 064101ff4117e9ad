/// How the wait before each automatic reconnection attempt is spread out.
public enum ReconnectJitter: String, Sendable, Hashable, Codable, CaseIterable {
    /// Wait exactly the configured retry interval (the seed's behaviour).
    case none
    /// "Full jitter": wait a uniformly random time between zero and the
    /// configured interval, so clients dropped together do not return in
    /// lockstep.
    case full
}
