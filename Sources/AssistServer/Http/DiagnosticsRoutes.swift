import AssistCore
import Foundation
import Hummingbird
import Logging
import Prometheus

extension Router where Context: RemoteAddressRequestContext {
    /// Adds `POST /v1/diagnostics` (protocol.md §11.5): an app with
    /// `remoteLoggingEnabled` sends its session's diagnostic lines, with
    /// `Authorization: Bearer <resume token>`. Each accepted line is written
    /// to the server's log with the session's id; `204` when all were taken.
    /// `session` finds the open session a resume token belongs to.
    func addDiagnosticsRoutes(session: @escaping @Sendable (_ resumeToken: String) async -> SessionID?, metrics: ServerMetrics) {
        post(RouterPath(DiagnosticUploader.path)) { request, context -> Response in
            guard let token = BearerToken.of(request), let session = await session(token) else {
                throw DiagnosticsRefusal.authenticationFailed
            }
            let body = try await request.body.collect(upTo: DiagnosticsRefusal.maxBodyBytes + 1)
            guard body.readableBytes <= DiagnosticsRefusal.maxBodyBytes else { throw DiagnosticsRefusal.tooLarge }
            let lines = try DiagnosticsRefusal.checked(Data(body.readableBytesView))
            for line in lines {
                var metadata: Logger.Metadata = ["session": "\(session.rawValue)", "clientLevel": "\(line.level)", "at": "\(line.at)"]
                for (key, value) in line.metadata ?? [:] { metadata["client.\(key)"] = "\(value)" }
                context.logger.info("app diagnostic: \(line.message)", metadata: metadata)
            }
            metrics.diagnosticLines.increment(by: Int64(lines.count))
            return Response(status: .noContent)
        }
    }
}
