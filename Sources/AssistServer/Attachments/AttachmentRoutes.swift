import AssistCore
import Foundation
import Hummingbird

extension Router where Context: RemoteAddressRequestContext {
    /// Adds the attachment endpoints (protocol.md §11.6), each with
    /// `Authorization: Bearer <resume token or agent token>`:
    ///
    /// - `POST /v1/attachments` `{"sid", "name", "size", "mediaType"}` → 201
    ///   `{"attachmentId", "received": 0, …}`: starts an upload.
    /// - `PUT /v1/attachments/{id}` with `Upload-Offset: N` and the bytes
    ///   from `N` → `{"attachmentId", "received", "complete"}`, with the
    ///   `ticket` to send it with in chat once complete; 409 with `received`
    ///   when `N` is not what the server holds.
    /// - `GET /v1/attachments/{id}` → the upload's description and `received`.
    /// - `POST /v1/attachments/{id}/download` with the form `sid=SESSION` → the file;
    ///   with `?key=K` (the chat message's `downloadKey`) instead of
    ///   `Authorization` when K is the key of this file in session SESSION.
    /// - `DELETE /v1/attachments/{id}` → 204: the uploader cancels.
    ///
    /// Refusals are ``AttachmentRefusal`` JSON bodies with one sentence.
    func addAttachmentRoutes(
        service: AttachmentService, agents: AgentDirectory,
        session: @escaping @Sendable (_ resumeToken: String) async -> SessionID?
    ) {
        let party: @Sendable (Request) async throws -> AttachmentParty = { request in
            try await AttachmentParty.of(request, agents: agents, session: session)
        }
        post("/v1/attachments") { request, _ -> Response in
            let asking = try await party(request)
            let body = try await request.body.collect(upTo: 4096)
            guard let upload = try? JSONDecoder().decode(AttachmentUploadRequest.self, from: Data(body.readableBytesView))
            else { throw AttachmentRefusal.malformed("The request must be JSON with name, size and mediaType.") }
            let record = try await service.start(upload, by: asking)
            return try ShortCodeJSON.response(AttachmentStatusBody(record), status: .created)
        }
        put("/v1/attachments/:id") { request, context -> Response in
            let asking = try await party(request)
            let id = try context.parameters.require("id")
            guard let text = request.headers[AttachmentStatusBody.uploadOffset], let offset = Int64(text), offset >= 0
            else { throw AttachmentRefusal.malformed("An upload's part must say where it starts (Upload-Offset).") }
            let record = try await service.append(request.body, to: id, at: offset, by: asking)
            return try ShortCodeJSON.response(AttachmentStatusBody(record, ticket: try service.ticket(for: record, to: asking)))
        }
        get("/v1/attachments/:id") { request, context -> Response in
            let asking = try await party(request)
            let record = try await service.attachment(try context.parameters.require("id"), for: asking)
            return try ShortCodeJSON.response(AttachmentStatusBody(record, ticket: try service.ticket(for: record, to: asking)))
        }
        post("/v1/attachments/:id/download") { request, context -> Response in
            let id = try context.parameters.require("id")
            let form = try await request.body.collect(upTo: 1024)
            let asking: AttachmentParty
            if let key = request.uri.queryParameters["key"] {
                guard let sid = AttachmentDownloadForm.sessionID(in: form),
                    service.tickets.opens(downloadKey: String(key), attachment: id, session: SessionID(sid))
                else { throw AttachmentRefusal.notFound }
                asking = .consumer(SessionID(sid))
            } else {
                asking = try await party(request)
            }
            let record = try await service.attachment(id, for: asking)
            guard AttachmentDownloadForm.sessionID(in: form) == record.sessionID.rawValue else {
                throw AttachmentRefusal.notFound
            }
            guard record.isComplete else { throw AttachmentRefusal.incomplete }
            return Response(
                status: .ok, headers: AttachmentDownloadForm.headers(of: record),
                body: ResponseBody(contentLength: Int(record.size)) { writer in
                    try await service.write(record, to: &writer)
                })
        }
        delete("/v1/attachments/:id") { request, context -> Response in
            try await service.delete(try context.parameters.require("id"), by: try await party(request))
            return Response(status: .noContent)
        }
    }
}
