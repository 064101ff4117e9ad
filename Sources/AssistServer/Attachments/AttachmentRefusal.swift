import Foundation
public import Hummingbird

/// Why an attachment request was refused: an HTTP status, a code for
/// programs and one sentence for people, which the app and the console
/// show as they are.
public struct AttachmentRefusal: Error, Sendable, Hashable {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// The machine-readable code.
    public let code: String
    /// The sentence for the person.
    public let message: String
    /// How many bytes the server holds, for a refused append.
    public let received: Int64?

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String, received: Int64? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.received = received
    }

    static let unauthenticated = AttachmentRefusal(
        .unauthorized, "authenticationFailed", "The request does not carry the token of a session or an agent.")
    static let notFound = AttachmentRefusal(.notFound, "unknownAttachment", "There is no such file.")
    static let notAParty = AttachmentRefusal(
        .forbidden, "notAParty", "Only the person and the agent of a session can send files in it.")
    static let sessionEnded = AttachmentRefusal(
        .conflict, "sessionEnded", "The session has ended, so files can no longer be sent in it.")
    static let incomplete = AttachmentRefusal(.conflict, "incomplete", "The file has not finished uploading yet.")
    static let storageFailed = AttachmentRefusal(
        .internalServerError, "internalError", "The server could not store the file; please try again.")

    static func malformed(_ what: String) -> AttachmentRefusal {
        AttachmentRefusal(.badRequest, "malformedRequest", what)
    }

    static func tooLarge(limit: Int64) -> AttachmentRefusal {
        AttachmentRefusal(
            .contentTooLarge, "tooLarge",
            "The file is larger than the \(ByteCountFormatter.string(fromByteCount: limit, countStyle: .decimal)) allowed.")
    }

    static func typeNotAllowed(_ mediaType: String) -> AttachmentRefusal {
        AttachmentRefusal(.unsupportedMediaType, "typeNotAllowed", "Files of this type (\(mediaType)) cannot be sent.")
    }

    static func contentMismatch(declared: String) -> AttachmentRefusal {
        AttachmentRefusal(
            .unsupportedMediaType, "contentMismatch",
            "The file's contents are not what its type says (\(declared)), so it cannot be sent.")
    }

    static func offsetMismatch(received: Int64) -> AttachmentRefusal {
        AttachmentRefusal(
            .conflict, "offsetMismatch", "The server holds \(received) bytes of this file; continue from there.",
            received: received)
    }
}

extension AttachmentRefusal: HTTPResponseError {
    /// The refusal as `{"error", "message"}` (and `received` for an append
    /// at the wrong offset), with `WWW-Authenticate: Bearer` on 401.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [:]
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        return try ShortCodeJSON.response(
            AttachmentErrorBody(error: code, message: message, received: received), status: status, headers: headers)
    }
}

/// The JSON body of a refused attachment request.
struct AttachmentErrorBody: Codable, Hashable {
    /// The machine-readable code.
    var error: String
    /// The sentence for the person.
    var message: String
    /// How many bytes the server holds, for a refused append.
    var received: Int64?
}
