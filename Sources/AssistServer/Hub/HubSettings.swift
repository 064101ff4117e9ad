/// How long the hub keeps what a dropped connection left behind.
public struct HubSettings: Sendable, Hashable {
    /// Seconds a session (or an agent's place) is kept after its connection
    /// drops, for the peer to resume.
    public var gracePeriodSeconds: Int

    /// Creates settings; the default grace period is 120 s.
    public init(gracePeriodSeconds: Int = 120) {
        self.gracePeriodSeconds = gracePeriodSeconds
    }
}
