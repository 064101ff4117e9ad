/// Why a link was given up although nothing closed it: no frame at all — not
/// even the server's pings — arrived on it for ``limit`` (see
/// ``ReadIdleDeadline``).
///
/// The reconnection logic treats it like any dropped connection: the session
/// reconnects and resumes.
public struct LinkSilence: Error, Sendable, Hashable, CustomStringConvertible {
    /// How long the link had been silent.
    public let limit: Duration

    /// The silence of a link that heard nothing for `limit`.
    public init(limit: Duration) {
        self.limit = limit
    }

    /// A short account for logs.
    public var description: String {
        "nothing arrived from the server for \(limit)"
    }
}
