import Foundation
import Hummingbird

/// Builds the JSON responses of the short-code endpoints. They carry
/// secrets, so every one is marked `Cache-Control: no-store`.
enum ShortCodeJSON {
    /// `body` encoded as JSON with `status` and any extra `headers`.
    static func response(
        _ body: some Encodable, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]
    ) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        headers.append(contentsOf: extra)
        let data = try JSONEncoder().encode(body)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
