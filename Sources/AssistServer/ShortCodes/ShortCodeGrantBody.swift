/// The JSON answer to a redemption: `{"session-token": "…", "cid": "…"}`,
/// the member names the consumer SDKs read.
struct ShortCodeGrantBody: Codable, Hashable {
    /// The session token.
    var sessionToken: String
    /// The correlation id.
    var cid: String

    private enum CodingKeys: String, CodingKey {
        case sessionToken = "session-token"
        case cid
    }

    /// The body for `grant`; the audit name stays on the server.
    init(_ grant: ShortCodeGrant) {
        sessionToken = grant.sessionToken
        cid = grant.correlationID
    }
}
