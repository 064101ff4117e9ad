import AssistCore

/// How long the hub keeps what a dropped connection left behind, and what
/// it tells the peers of a call.
public struct HubSettings: Sendable, Hashable {
    /// Seconds a session (or an agent's place) is kept after its connection
    /// drops, for the peer to resume.
    public var gracePeriodSeconds: Int
    /// The STUN and TURN servers sent in every version-3 `welcome` (§13.1).
    public var iceServers: [IceServer]

    /// Creates settings; the default grace period is 120 s, with no ICE servers.
    public init(gracePeriodSeconds: Int = 120, iceServers: [IceServer] = []) {
        self.gracePeriodSeconds = gracePeriodSeconds
        self.iceServers = iceServers
    }

    /// The `iceServers` of a `welcome` on a connection that negotiated
    /// `version`: only version 3 and later carry them.
    func iceServers(forVersion version: Int) -> [IceServer]? {
        version >= ProtocolVersion.call ? iceServers : nil
    }
}
