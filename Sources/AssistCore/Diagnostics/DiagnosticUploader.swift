import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Sends a session's diagnostic lines to its support server
/// (`POST /v1/diagnostics`, `docs/protocol.md` §11.5), authenticated with the
/// session's resume token, in batches of at most
/// ``DiagnosticLine/maxLinesPerUpload``. A batch the server did not take is
/// put back and tried with the next upload; lines are never worth failing a
/// session for, so nothing here throws.
public struct DiagnosticUploader: Sendable {
    /// The lines waiting.
    public let buffer: DiagnosticBuffer
    private let url: URL
    private let access: ServerAccess
    private let timeout: TimeInterval

    /// An uploader for the support server at `server`, reaching it as `access` says.
    public init(buffer: DiagnosticBuffer, server: URL, access: ServerAccess, timeout: TimeInterval = 10) {
        self.buffer = buffer
        url = ServerAccess.url(of: Self.path, onServer: server)
        self.access = access
        self.timeout = timeout
    }

    /// The endpoint's path.
    public static let path = "/v1/diagnostics"

    /// Uploads every waiting line for the session whose resume token is
    /// `resumeToken`. Returns how many lines the server took.
    @discardableResult
    public func upload(resumeToken: String) async -> Int {
        var sent = 0
        while true {
            let batch = buffer.take(upTo: DiagnosticLine.maxLinesPerUpload)
            guard !batch.isEmpty else { return sent }
            guard await post(batch, resumeToken: resumeToken) else {
                buffer.putBack(batch)
                return sent
            }
            sent += batch.count
        }
    }

    private func post(_ lines: [DiagnosticLine], resumeToken: String) async -> Bool {
        guard let body = try? JSONEncoder().encode(DiagnosticUpload(lines: lines)) else { return false }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(resumeToken)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
        let answer = try? await access.send(request, to: url, timeout: timeout, maxBodyBytes: 4_096)
        return answer?.status == 204
    }
}

/// The body of `POST /v1/diagnostics`.
public struct DiagnosticUpload: Sendable, Codable {
    /// The lines, oldest first.
    public let lines: [DiagnosticLine]

    /// An upload of `lines`.
    public init(lines: [DiagnosticLine]) {
        self.lines = lines
    }
}
