import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Sends a file to the other party of a session and fetches theirs, over
/// the server's attachment endpoints (protocol.md §11.6), as the person.
///
/// An upload goes in parts of ``partSize`` bytes read from the file one at
/// a time; a part the network lost is sent again from what the server says
/// it holds, up to ``maxAttempts`` tries in a row with growing pauses on
/// `clock`. A download streams into the folder it is given. Cancelling the
/// task cancels the transfer; an upload cancelled is deleted on the server.
public struct AttachmentTransfer: Sendable {
    /// The bytes of one upload request.
    public static let partSize = 1_048_576
    /// Tries in a row before an upload or download gives up.
    public static let maxAttempts = 5

    private let server: URL
    private let access: ServerAccess
    private let timeout: TimeInterval
    private let clock: any Clock<Duration>

    /// Transfers with the server at `server` (its WebSocket or HTTP URL),
    /// with `access`'s certificate checks and cookies.
    public init(
        server: URL, access: ServerAccess, timeout: TimeInterval = 60, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.server = server
        self.access = access
        self.timeout = timeout
        self.clock = clock
    }

    /// Uploads the file at `file` as `name` into the session whose resume
    /// token is `resumeToken`, telling `progress` the bytes stored after
    /// each part; returns the file's description and the ticket to send it
    /// with in chat.
    public func upload(
        _ file: URL, name: String, resumeToken: String, progress: @escaping @Sendable (_ stored: Int) -> Void = { _ in }
    ) async throws -> (info: AttachmentInfo, ticket: AttachmentTicket) {
        let reader = try AttachmentFileReader(file)
        defer { reader.close() }
        guard let mediaType = MediaTypeSniffer.mediaType(of: try reader.read(at: 0, count: MediaTypeSniffer.windowSize),
                                                          isWhole: reader.size <= MediaTypeSniffer.windowSize)
        else { throw AttachmentTransferError.unsupportedContent(name: name) }
        let started = try await retrying {
            try await self.call(
                .POST, "/v1/attachments", token: resumeToken,
                json: ["name": name, "size": reader.size, "mediaType": mediaType])
        }
        guard let id = started.attachmentId else { throw Self.unexpected(started) }
        do {
            var received = 0
            var ticket: String?
            while received < reader.size {
                let offset = received
                let answer = try await retrying {
                    try await self.call(
                        .PUT, "/v1/attachments/\(id)", token: resumeToken, body: try reader.read(at: offset, count: Self.partSize),
                        offset: offset)
                }
                guard let stored = answer.received, stored > offset || answer.ticket != nil else {
                    throw Self.unexpected(answer)
                }
                received = stored
                ticket = answer.ticket
                progress(received)
            }
            if ticket == nil {
                // The last part was stored but its answer lost: the ticket is in the upload's status.
                ticket = try await retrying { try await self.call(.GET, "/v1/attachments/\(id)", token: resumeToken) }.ticket
            }
            guard let ticket else { throw Self.unexpected(started) }
            return (
                AttachmentInfo(id: id, name: started.name ?? name, size: reader.size, mediaType: mediaType),
                AttachmentTicket(rawValue: ticket)
            )
        } catch {
            if error is CancellationError || Task.isCancelled {
                _ = try? await call(.DELETE, "/v1/attachments/\(id)", token: resumeToken)
            }
            throw error
        }
    }

    /// Fetches `attachment` of session `session` into `folder`, under its
    /// name or, when that is taken, "name (2).ext" and so on; returns where.
    public func download(
        _ attachment: AttachmentInfo, session: SessionID, resumeToken: String, into folder: URL
    ) async throws -> URL {
        let target = AttachmentFileName.free(attachment.name, in: folder)
        let partial = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).part")
        do {
            try await retrying {
                try await self.fetch(attachment, session: session, resumeToken: resumeToken, into: partial)
            }
            try FileManager.default.moveItem(at: partial, to: target)
            return target
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    // MARK: Requests

    /// What an attachment endpoint answered, as far as a transfer needs it.
    struct Answer: Decodable {
        var attachmentId: String?
        var name: String?
        var received: Int?
        var ticket: String?
        var error: String?
        var message: String?
    }

    private func call(
        _ method: HTTPMethod, _ path: String, token: String, json: [String: Any]? = nil, body: [UInt8]? = nil,
        offset: Int? = nil
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: ServerAccess.url(of: path, onServer: server).absoluteString)
        request.method = method
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json)))
        }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        if let offset { request.headers.add(name: "Upload-Offset", value: "\(offset)") }
        let url = ServerAccess.url(of: path, onServer: server)
        let (status, data) = try await access.send(request, to: url, timeout: timeout, maxBodyBytes: 16_384)
        let answer = (try? JSONDecoder().decode(Answer.self, from: data)) ?? Answer()
        switch status {
        case 200..<300: return answer
        case 409 where answer.error == "offsetMismatch": return answer
        default: throw AttachmentTransferError.refused(status: status, message: answer.message ?? localized("The server refused the file ({status}).", ["status": String(status)]))
        }
    }

    private func fetch(_ attachment: AttachmentInfo, session: SessionID, resumeToken: String, into file: URL) async throws {
        let url = ServerAccess.url(of: "/v1/attachments/\(attachment.id)/download", onServer: server)
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(resumeToken)")
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        let sid = session.rawValue.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? session.rawValue
        request.body = .bytes(ByteBuffer(string: "sid=\(sid)"))
        try await access.stream(request, to: url, timeout: timeout, into: file)
    }

    /// Runs `step` until it succeeds, is refused, or fails on the network
    /// ``maxAttempts`` times in a row, pausing 0.5 s, 1 s, 2 s … between.
    private func retrying<T: Sendable>(_ step: @escaping @Sendable () async throws -> T) async throws -> T {
        var failures = 0
        while true {
            try Task.checkCancellation()
            do {
                return try await step()
            } catch let error as AttachmentTransferError {
                throw error
            } catch let error as CancellationError {
                throw error
            } catch {
                failures += 1
                guard failures < Self.maxAttempts else {
                    throw AttachmentTransferError.unreachable(attempts: failures, reason: "\(error)")
                }
                try await clock.sleep(for: .milliseconds(500 << (failures - 1)))
            }
        }
    }

    private static func unexpected(_ answer: Answer) -> AttachmentTransferError {
        .refused(status: 0, message: answer.message ?? localized("The server's answer was not understood."))
    }
}
