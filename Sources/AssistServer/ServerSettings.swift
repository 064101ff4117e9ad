/// Where and how the support server listens.
public struct ServerSettings: Sendable, Hashable {
    /// The address to bind, e.g. `127.0.0.1`.
    public var host: String
    /// The TCP port; 0 lets the system pick a free one.
    public var port: Int

    /// Creates settings for a server on `host:port`.
    public init(host: String = "127.0.0.1", port: Int = 8080) {
        self.host = host
        self.port = port
    }
}
