/// The first frame a consumer sends on a new session: the protocol versions it
/// speaks and the configuration the application was given.
public struct ConsumerHello: Sendable, Hashable {
    /// The protocol versions the consumer speaks; the server picks the highest
    /// common one.
    public var versions: [Int]
    /// The agent's user name or the queue to route the session to. `nil` when
    /// escalating an existing call with ``sessionToken``: the session is then
    /// known from the token (seed: "Escalating a Call to Include Co-browse").
    public var destination: String?
    /// The name to show the agent, when the person gave one.
    public var visitorName: String?
    /// The pre-chat form's answers, in form order.
    public var preChat: [PrechatAnswer]
    /// Application data mapping pre-chat answers to CRM entities, passed to
    /// the agent untouched.
    public var entityMapping: JSONValue?
    /// An id the application uses to correlate this session with its own records.
    public var correlationID: String?
    /// The session token obtained by redeeming a short code: the server
    /// joins this consumer to that session instead of queueing it.
    public var sessionToken: String?
    /// The name recorded in the audit log. Plain text here; URL-encoded on
    /// the wire (see ``WireEncoding/urlQueryValue(_:)``).
    public var auditName: String?
    /// User-to-user information for the contact centre. Plain text here;
    /// hex-encoded UTF-8 on the wire (see ``WireEncoding/hex(_:)``).
    public var uui: String?
    /// What the application lets an agent ask to see (§12.8); absent on
    /// the wire for ``ShareScope/unannounced``.
    public var shareScopes: [ShareScope]
    /// Whether an agent who sees the screen may ask to use the person's
    /// pointer and keyboard there (§12.9); absent on the wire when `false`.
    public var screenControl: Bool
    /// Whether a screen the person shares may travel as a video track
    /// (§13.5); absent on the wire when `false`.
    public var screenVideo: Bool

    /// Creates a hello.
    public init(
        versions: [Int] = ProtocolVersion.supported,
        destination: String?,
        visitorName: String? = nil,
        preChat: [PrechatAnswer] = [],
        entityMapping: JSONValue? = nil,
        correlationID: String? = nil,
        sessionToken: String? = nil,
        auditName: String? = nil,
        uui: String? = nil,
        shareScopes: [ShareScope] = ShareScope.unannounced,
        screenControl: Bool = false,
        screenVideo: Bool = false
    ) {
        self.versions = versions
        self.destination = destination
        self.visitorName = visitorName
        self.preChat = preChat
        self.entityMapping = entityMapping
        self.correlationID = correlationID
        self.sessionToken = sessionToken
        self.auditName = auditName
        self.uui = uui
        self.shareScopes = shareScopes
        self.screenControl = screenControl
        self.screenVideo = screenVideo
    }
}
