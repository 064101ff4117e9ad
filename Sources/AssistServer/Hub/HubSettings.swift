import AssistCore

/// How long the hub keeps what a dropped connection left behind, what it
/// tells the peers of a call, and what it masks in chat.
public struct HubSettings: Sendable, Hashable {
    /// Seconds a session (or an agent's place) is kept after its connection
    /// drops, for the peer to resume.
    public var gracePeriodSeconds: Int
    /// The STUN and TURN servers sent in every version-3 `welcome` (§13.1).
    public var iceServers: [IceServer]
    /// What is masked in chat text before it is stored or relayed (§11.7).
    public var chatMasker: ChatMasker

    /// Creates settings; the default grace period is 120 s, with no ICE
    /// servers and the built-in masking on.
    public init(gracePeriodSeconds: Int = 120, iceServers: [IceServer] = [], chatMasker: ChatMasker = ChatMasker()) {
        self.gracePeriodSeconds = gracePeriodSeconds
        self.iceServers = iceServers
        self.chatMasker = chatMasker
    }

    /// The `iceServers` of a `welcome` on a connection that negotiated
    /// `version`: only version 3 and later carry them.
    func iceServers(forVersion version: Int) -> [IceServer]? {
        version >= ProtocolVersion.call ? iceServers : nil
    }
}
