import Hummingbird

extension Router {
    /// A file of a ``StaticFileFolder`` as a `200` answer: its content type,
    /// `Cache-Control: no-cache`, `X-Content-Type-Options: nosniff`,
    /// `contentSecurityPolicy`, and `extraHeaders`.
    static func staticFileResponse(
        _ file: (path: String, contentType: String),
        contentSecurityPolicy: String,
        extraHeaders: HTTPFields = [:],
        fileIO: FileIO,
        context: Context
    ) async throws -> Response {
        let body = try await fileIO.loadFile(path: file.path, context: context)
        var headers: HTTPFields = [
            .contentType: file.contentType,
            .cacheControl: "no-cache",
            .contentSecurityPolicy: contentSecurityPolicy,
            .xContentTypeOptions: "nosniff",
        ]
        headers.append(contentsOf: extraHeaders)
        return Response(status: .ok, headers: headers, body: body)
    }
}
