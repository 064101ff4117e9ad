import Foundation
import Hummingbird

/// Why `GET /v1/sessions/{id}/transcript` refused (§11.1): a
/// machine-readable code, the HTTP status and one sentence.
struct TranscriptRefusal: Error, HTTPResponseError {
    /// The machine-readable code, e.g. `notFound`.
    let code: String
    /// The HTTP status.
    let status: HTTPResponse.Status
    /// One sentence saying what is wrong.
    let message: String

    /// No `Bearer` token, or not an agent's. 401.
    static let authenticationFailed = TranscriptRefusal(
        code: "authenticationFailed", status: .unauthorized, message: "The token is not an agent's token.")
    /// No such session, or one this agent never had: the two look the same,
    /// so an agent cannot learn which sessions exist. 404.
    static let notFound = TranscriptRefusal(
        code: "notFound", status: .notFound, message: "You have no session with this id.")
    /// The database could not be read. 503.
    static let unavailable = TranscriptRefusal(
        code: "unavailable", status: .serviceUnavailable, message: "The transcript cannot be read right now.")

    /// A query parameter that is not one of its allowed values. 400.
    static func invalid(_ message: String) -> TranscriptRefusal {
        TranscriptRefusal(code: "invalidRequest", status: .badRequest, message: message)
    }

    /// The refusal as `{"error": code, "message": message}`.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        let data = try JSONEncoder().encode(["error": code, "message": message])
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
