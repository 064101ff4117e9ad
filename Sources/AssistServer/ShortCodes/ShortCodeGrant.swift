/// What redeeming a short code yields: the session both sides join.
public struct ShortCodeGrant: Sendable, Hashable {
    /// The session token (`session-token` in the HTTP answer, `sessionToken`
    /// in the consumer's `hello`).
    public var sessionToken: String
    /// The correlation id (`cid` in the HTTP answer, `correlationId` in the
    /// consumer's `hello`).
    public var correlationID: String
    /// The name that identifies the consumer in event logs, if one was given
    /// when the code was created or when the consumer redeemed it.
    public var auditName: String?

    /// Creates a grant.
    public init(sessionToken: String, correlationID: String, auditName: String? = nil) {
        self.sessionToken = sessionToken
        self.correlationID = correlationID
        self.auditName = auditName
    }
}
