/// The first frame a consumer sends on a new session: the protocol versions it
/// speaks and the configuration the application was given.
public struct ConsumerHello: Sendable, Hashable {
    /// The protocol versions the consumer speaks; the server picks the highest
    /// common one.
    public var versions: [Int]
    /// The queue or skill to route the session to.
    public var destination: String
    /// The name to show the agent, when the person gave one.
    public var visitorName: String?
    /// The pre-chat form's answers, in form order.
    public var preChat: [PrechatAnswer]
    /// Application data mapping pre-chat answers to CRM entities, passed to
    /// the agent untouched.
    public var entityMapping: JSONValue?
    /// An id the application uses to correlate this session with its own records.
    public var correlationID: String?
    /// A token from the application's own sign-in, passed to the server.
    public var sessionToken: String?
    /// The name recorded in the audit log. Plain text here; URL-encoded on
    /// the wire (see ``WireEncoding/urlQueryValue(_:)``).
    public var auditName: String?
    /// User-to-user information for the contact centre. Plain text here;
    /// hex-encoded UTF-8 on the wire (see ``WireEncoding/hex(_:)``).
    public var uui: String?

    /// Creates a hello.
    public init(
        versions: [Int] = ProtocolVersion.supported,
        destination: String,
        visitorName: String? = nil,
        preChat: [PrechatAnswer] = [],
        entityMapping: JSONValue? = nil,
        correlationID: String? = nil,
        sessionToken: String? = nil,
        auditName: String? = nil,
        uui: String? = nil
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
    }
}
