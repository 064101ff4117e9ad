import AssistCore
import Foundation
import Hummingbird
import Logging

extension Router {
    /// Adds `GET /v1/sessions/{id}/transcript` (protocol.md §11.1): with
    /// `Authorization: Bearer <agent token>`, the chat of a session that
    /// agent has or had, as a download — a self-contained HTML page
    /// (`format=html`, the default) or plain text (`format=text`), times in
    /// the `timeZone` and `locale` asked for (UTC and English otherwise).
    /// The same renderers as the app's Save Transcript write it.
    ///
    /// - Parameters:
    ///   - agents: who may ask.
    ///   - read: the stored session and its chat, or `nil` when there is none.
    func addTranscriptRoutes(
        agents: AgentDirectory, read: @escaping @Sendable (SessionID) async throws -> SessionTranscript?
    ) {
        get("/v1/sessions/{id}/transcript") { request, context -> Response in
            guard let token = BearerToken.of(request), let account = agents.account(forToken: token) else {
                throw TranscriptRefusal.authenticationFailed
            }
            let query = try TranscriptQuery(request)
            let id = SessionID(try context.parameters.require("id"))
            let transcript: SessionTranscript?
            do {
                transcript = try await read(id)
            } catch {
                context.logger.error("Could not read a transcript", metadata: ["error": "\(error)"])
                throw TranscriptRefusal.unavailable
            }
            guard let transcript, transcript.isReadable(by: account.id) else { throw TranscriptRefusal.notFound }
            let text = query.format.render(transcript.document(directory: agents), formatting: query.formatting)
            return Response(
                status: .ok,
                headers: [
                    .contentType: "\(query.format.mediaType); charset=utf-8",
                    .contentDisposition: "attachment; filename=\"\(TranscriptQuery.fileName(for: id, format: query.format))\"",
                    .cacheControl: "no-store",
                    .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
                    .xContentTypeOptions: "nosniff",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
    }
}

/// The query of a transcript download: `format`, `timeZone`, `locale`.
private struct TranscriptQuery {
    let format: TranscriptFileFormat
    let formatting: TranscriptFormatting

    init(_ request: Request) throws(TranscriptRefusal) {
        let parameters = request.uri.queryParameters
        switch parameters["format"].map(String.init) {
        case nil, "html": format = .html
        case "text": format = .plainText
        default: throw .invalid("format must be html or text.")
        }
        var timeZone = TimeZone(identifier: "UTC")!
        if let name = parameters["timeZone"].map(String.init) {
            guard let named = TimeZone(identifier: name) else { throw .invalid("timeZone must be an IANA time zone, such as Europe/Paris.") }
            timeZone = named
        }
        var locale = Locale(identifier: "en_US")
        if let identifier = parameters["locale"].map(String.init) {
            guard (1...35).contains(identifier.count), identifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            else { throw .invalid("locale must be a language tag, such as de-DE.") }
            locale = Locale(identifier: identifier)
        }
        formatting = TranscriptFormatting(locale: locale, timeZone: timeZone)
    }

    /// `transcript-<session id>.html` (or `.txt`), with any character of
    /// the id other than letters, digits, `-` and `_` as `_`.
    static func fileName(for id: SessionID, format: TranscriptFileFormat) -> String {
        let safe = String(id.rawValue.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        return "transcript-\(safe).\(format.fileExtension)"
    }
}
