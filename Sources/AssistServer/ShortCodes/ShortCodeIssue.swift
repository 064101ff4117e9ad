public import Foundation

/// A newly created short code and the session it stands for.
public struct ShortCodeIssue: Sendable, Hashable {
    /// The code as shown to people, e.g. `ABCD-EFGH`.
    public var code: String
    /// The session token both sides receive when they redeem the code.
    public var sessionToken: String
    /// The correlation id both sides receive with the token.
    public var correlationID: String
    /// When the code stops being accepted.
    public var expiresAt: Date

    /// Creates an issue.
    public init(code: String, sessionToken: String, correlationID: String, expiresAt: Date) {
        self.code = code
        self.sessionToken = sessionToken
        self.correlationID = correlationID
        self.expiresAt = expiresAt
    }
}
