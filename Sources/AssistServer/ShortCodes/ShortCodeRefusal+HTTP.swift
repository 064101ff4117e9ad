public import Hummingbird

extension ShortCodeRefusal: HTTPResponseError {
    /// The HTTP status the refusal is answered with.
    public var status: HTTPResponse.Status {
        switch reason {
        case .unknownShortCode: .notFound
        case .expiredShortCode, .spentShortCode: .gone
        case .tooManyAttempts, .tooManyCodes: .tooManyRequests
        case .internalError: .internalServerError
        case .missingShortCode, .invalidAuditName: .badRequest
        case .authenticationFailed: .unauthorized
        case .originNotAllowed: .forbidden
        }
    }

    /// The refusal as `{"error": errorCode, "message": message}`, with
    /// `Retry-After` on 429 and `WWW-Authenticate: Bearer` on 401.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [:]
        switch reason {
        case .tooManyAttempts: headers[.retryAfter] = String(Int(RedemptionRateLimiter.defaultWindow))
        case .tooManyCodes: headers[.retryAfter] = String(Int(CreationRateLimiter.defaultWindow))
        case .authenticationFailed: headers[.wwwAuthenticate] = "Bearer"
        default: break
        }
        return try ShortCodeJSON.response(
            ShortCodeErrorBody(error: errorCode, message: message), status: status, headers: headers)
    }
}
