/// Why a short-code request was refused: a machine-readable code and the one
/// sentence a person reads.
///
/// ``ShortCodeService`` throws the first six; the HTTP routes add the
/// request problems (``missingShortCode``, ``invalidAuditName``,
/// ``authenticationFailed``, ``originNotAllowed``). Each maps to one HTTP
/// status (see `ShortCodeRefusal+HTTP.swift`).
public struct ShortCodeRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    enum Reason: String, Sendable, Hashable {
        case unknownShortCode
        case expiredShortCode
        case spentShortCode
        case tooManyAttempts
        case tooManyCodes
        case internalError
        case missingShortCode
        case invalidAuditName
        case authenticationFailed
        case originNotAllowed
    }

    let reason: Reason

    private init(_ reason: Reason) {
        self.reason = reason
    }

    /// No code like this exists (or it was purged long after expiring). 404.
    public static let unknownShortCode = ShortCodeRefusal(.unknownShortCode)
    /// The code was not redeemed by both sides within its lifetime. 410.
    public static let expiredShortCode = ShortCodeRefusal(.expiredShortCode)
    /// Both sides have already redeemed the code. 410.
    public static let spentShortCode = ShortCodeRefusal(.spentShortCode)
    /// Too many failed redemptions from this address in the last minute;
    /// refused whatever the code. 429.
    public static let tooManyAttempts = ShortCodeRefusal(.tooManyAttempts)
    /// Too many codes were created from this address in the last minute. 429.
    public static let tooManyCodes = ShortCodeRefusal(.tooManyCodes)
    /// The server could not read or write its database. 500.
    public static let internalError = ShortCodeRefusal(.internalError)
    /// The request has no `appkey` query parameter. 400.
    public static let missingShortCode = ShortCodeRefusal(.missingShortCode)
    /// The `auditName` query parameter is longer than 256 characters. 400.
    public static let invalidAuditName = ShortCodeRefusal(.invalidAuditName)
    /// The agent's bearer token is missing or not known. 401.
    public static let authenticationFailed = ShortCodeRefusal(.authenticationFailed)
    /// The request's `Origin` is missing or not allowed for agent endpoints. 403.
    public static let originNotAllowed = ShortCodeRefusal(.originNotAllowed)

    /// The machine-readable code, e.g. `expiredShortCode`: the `error` member
    /// of the JSON body.
    public var errorCode: String { reason.rawValue }

    /// One sentence for the person: the `message` member of the JSON body.
    public var message: String {
        switch reason {
        case .unknownShortCode: "There is no such short code; check it and try again."
        case .expiredShortCode: "This short code has expired; ask for a new one."
        case .spentShortCode: "This short code has already been used by both sides; ask for a new one."
        case .tooManyAttempts: "Too many wrong short codes were tried; wait a minute and try again."
        case .tooManyCodes: "Too many short codes were requested from this address; wait a minute and try again."
        case .internalError: "The server could not handle the short code; try again."
        case .missingShortCode: "The short code is missing; pass it as the appkey parameter."
        case .invalidAuditName: "The audit name must be at most 256 characters long."
        case .authenticationFailed: "The agent token is missing or not recognised."
        case .originNotAllowed: "Requests from this origin may not use agent endpoints."
        }
    }

    /// `errorCode: message`.
    public var description: String { "\(errorCode): \(message)" }
}
