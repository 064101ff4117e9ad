/// The size limits of the wire protocol. A frame or value beyond a limit is
/// rejected by the receiver, and refused by the encoder before it is sent.
///
/// Text lengths count Unicode scalar values (code points), not bytes, UTF-16
/// units or grapheme clusters.
public enum ProtocolLimits {
    /// The largest text frame, in bytes of UTF-8: 64 KiB.
    public static let maxTextFrameBytes = 65_536
    /// The largest integer the protocol carries: 2^53 − 1, exact in every
    /// JSON implementation.
    public static let maxInteger = 9_007_199_254_740_991
    /// The longest chat message.
    public static let maxChatText = 8_000
    /// The most kinds a chat receipt's `maskedKinds` may name.
    public static let maxMaskedKinds = 32
    /// The longest identifier (session, message, request and agent ids).
    public static let maxIdentifier = 128
    /// The longest resume token.
    public static let maxResumeToken = 512
    /// The longest agent or session token.
    public static let maxToken = 4_096
    /// The longest short code.
    public static let maxShortCode = 32
    /// The longest name or destination.
    public static let maxName = 200
    /// The most pre-chat fields in one message.
    public static let maxPrechatAnswers = 50
    /// The longest pre-chat label.
    public static let maxPreChatLabel = 200
    /// The longest pre-chat value.
    public static let maxPreChatValue = 4_000
    /// The longest correlation id.
    public static let maxCorrelationID = 256
    /// The longest audit name, before URL encoding.
    public static let maxAuditName = 256
    /// The most bytes of user-to-user information, before hex encoding.
    public static let maxUUIBytes = 1_024
    /// The longest URL an agent may push.
    public static let maxURL = 2_048
    /// The longest media type of a pushed document.
    public static let maxMediaType = 255
    /// The longest attachment file name.
    public static let maxFileName = 255
    /// The longest attachment ticket (``AttachmentTicket``).
    public static let maxAttachmentTicket = 2_048
    /// The longest human-readable text in an error or a session ending.
    public static let maxNotice = 1_000
    /// The most versions a `hello` may list.
    public static let maxVersions = 16
    /// The most share scopes a `hello` or `resume` may list (§12.8).
    public static let maxShareScopes = 16
    /// The most permission markers in one set.
    public static let maxPermissionMarkers = 100
    /// The most entries in one queue snapshot.
    public static let maxQueueSnapshotEntries = 100
    /// The longest session description in a call signal.
    public static let maxSDP = 32_768
    /// The longest ICE candidate line in a call signal.
    public static let maxCandidate = 1_024
    /// The highest m-line index a candidate may name.
    public static let maxMLineIndex = 15
    /// The most ICE servers a `welcome` may list.
    public static let maxIceServers = 8
    /// The most URLs one ICE server may list.
    public static let maxIceServerURLs = 4
    /// The longest URL of an ICE server.
    public static let maxIceServerURL = 512
    /// The longest ICE server user name or credential.
    public static let maxIceCredential = 256
}
