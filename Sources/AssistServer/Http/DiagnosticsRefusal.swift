import AssistCore
import Foundation
import Hummingbird

/// Why `POST /v1/diagnostics` refused an upload (§11.5): a machine-readable
/// code, the HTTP status and one sentence.
struct DiagnosticsRefusal: Error, HTTPResponseError {
    /// The machine-readable code, e.g. `invalidDiagnostics`.
    let code: String
    /// The HTTP status.
    let status: HTTPResponse.Status
    /// One sentence saying what is wrong.
    let message: String

    /// No `Bearer` token, or one that opens no session. 401.
    static let authenticationFailed = DiagnosticsRefusal(
        code: "authenticationFailed", status: .unauthorized,
        message: "The resume token does not name an open session.")
    /// The body is over ``maxBodyBytes``. 413.
    static let tooLarge = DiagnosticsRefusal(
        code: "tooLarge", status: .contentTooLarge, message: "The upload is larger than 65,536 bytes.")

    /// A body that breaks a rule of §11.5. 400.
    static func invalid(_ message: String) -> DiagnosticsRefusal {
        DiagnosticsRefusal(code: "invalidDiagnostics", status: .badRequest, message: message)
    }

    /// The largest body, in bytes.
    static let maxBodyBytes = 65_536

    /// The lines of an upload, checked against §11.5's limits.
    static func checked(_ body: Data) throws(DiagnosticsRefusal) -> [DiagnosticLine] {
        let upload: DiagnosticUpload
        do {
            upload = try JSONDecoder().decode(DiagnosticUpload.self, from: body)
        } catch {
            throw invalid("The body is not {\"lines\": [...]} with at, level and message in each line.")
        }
        guard (1...DiagnosticLine.maxLinesPerUpload).contains(upload.lines.count) else {
            throw invalid("An upload holds 1 to \(DiagnosticLine.maxLinesPerUpload) lines.")
        }
        for (index, line) in upload.lines.enumerated() {
            if let problem = problem(with: line) { throw invalid("Line \(index): \(problem).") }
        }
        return upload.lines
    }

    private static func problem(with line: DiagnosticLine) -> String? {
        if !DiagnosticLine.levels.contains(line.level) { return "level must be one of trace … critical" }
        if line.message.isEmpty || line.message.count > DiagnosticLine.maxMessage {
            return "message must have 1 to \(DiagnosticLine.maxMessage) characters"
        }
        if line.at < 0 || line.at > ProtocolLimits.maxInteger { return "at must be a timestamp in milliseconds" }
        let metadata = line.metadata ?? [:]
        if metadata.count > DiagnosticLine.maxMetadataEntries {
            return "metadata has more than \(DiagnosticLine.maxMetadataEntries) entries"
        }
        let tooLong = metadata.contains {
            $0.key.isEmpty || $0.key.count > DiagnosticLine.maxMetadataKey || $0.value.count > DiagnosticLine.maxMetadataValue
        }
        return tooLong ? "a metadata key has 1 to 64 characters and a value at most 256" : nil
    }

    /// The refusal as `{"error": code, "message": message}`.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        let data = try JSONEncoder().encode(["error": code, "message": message])
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
