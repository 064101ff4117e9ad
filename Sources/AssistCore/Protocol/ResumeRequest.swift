/// Asks the server to continue a session on a new connection, replaying what
/// the sender missed. Sent instead of `hello`.
public struct ResumeRequest: Sendable, Hashable, Codable {
    /// The token the `welcome` handed out.
    public var resumeToken: ResumeToken
    /// The highest `seq` the sender received from the server, 0 if none: the
    /// server replays everything after it.
    public var lastReceivedSeq: Int
    /// The versions the sender speaks on this connection; a resume without
    /// them (any version-1 peer) speaks version 1 only.
    public var versions: [Int]
    /// What a consumer's app lets an agent ask to see on this connection
    /// (§12.8), as in its `hello`; an agent's resume leaves it out.
    public var shareScopes: [ShareScope]
    /// Whether a consumer's app offers control of the screen on this
    /// connection (§12.9), as in its `hello`.
    public var screenControl: Bool
    /// Whether a consumer's app can send a shared screen as a video track
    /// on this connection (§13.5), as in its `hello`.
    public var screenVideo: Bool

    /// Creates a resume request.
    public init(
        resumeToken: ResumeToken, lastReceivedSeq: Int, versions: [Int] = ProtocolVersion.supported,
        shareScopes: [ShareScope] = ShareScope.unannounced, screenControl: Bool = false,
        screenVideo: Bool = false
    ) {
        self.resumeToken = resumeToken
        self.lastReceivedSeq = lastReceivedSeq
        self.versions = versions
        self.shareScopes = shareScopes
        self.screenControl = screenControl
        self.screenVideo = screenVideo
    }

    /// Reads the body, enforcing the protocol's limits.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        self.init(
            resumeToken: try reader.identifier("resumeToken"), lastReceivedSeq: try reader.integer("lastReceivedSeq"),
            versions: try reader.has("versions") ? try reader.versions("versions") : [1],
            shareScopes: try reader.shareScopes("shareScopes"),
            screenControl: try reader.offered("screenControl"),
            screenVideo: try reader.offered("screenVideo"))
    }

    /// Writes the body, enforcing the protocol's limits.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.identifier(resumeToken, "resumeToken")
        try writer.integer(lastReceivedSeq, "lastReceivedSeq")
        try writer.versions(versions, "versions")
        try writer.shareScopes(shareScopes, "shareScopes")
        try writer.offered(screenControl, "screenControl")
        try writer.offered(screenVideo, "screenVideo")
    }
}
