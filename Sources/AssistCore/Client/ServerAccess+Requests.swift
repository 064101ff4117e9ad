import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension ServerAccess {
    /// The `http(s)` URL of `path` on the support server at `server`
    /// (`ws`/`wss` read as `http`/`https`), under any path the server's URL
    /// has, with `query` sorted by name.
    static func url(of path: String, onServer server: URL, query: [String: String] = [:]) -> URL {
        var components = URLComponents(url: server, resolvingAgainstBaseURL: false) ?? URLComponents()
        switch components.scheme?.lowercased() {
        case "ws": components.scheme = "http"
        case "wss": components.scheme = "https"
        default: break
        }
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + path
        components.queryItems = query.isEmpty ? nil : query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return components.url ?? server
    }

    /// Sends `request` to `url` on a client of its own, with this access's
    /// certificate checks and cookies, keeping the cookies the answer sets;
    /// returns the answer's status and at most `maxBodyBytes` of its body.
    /// A certificate that does not verify fails at once, not after retries.
    func send(
        _ request: HTTPClientRequest, to url: URL, timeout: TimeInterval, maxBodyBytes: Int
    ) async throws -> (status: UInt, body: Data) {
        try await execute(request, to: url, timeout: timeout) { response in
            let body = try await response.body.collect(upTo: maxBodyBytes)
            return (response.status.code, Data(body.readableBytesView))
        }
    }

    /// Sends `request` to `url` like ``send(_:to:timeout:maxBodyBytes:)``
    /// and writes a `200` answer's body into `file` as it arrives, so a large
    /// body is never held whole; another status is an
    /// ``AttachmentTransferError/refused(status:message:)`` with the
    /// answer's sentence.
    /// Returns the answer's headers.
    @discardableResult
    func stream(_ request: HTTPClientRequest, to url: URL, timeout: TimeInterval, into file: URL) async throws -> HTTPHeaders {
        try await execute(request, to: url, timeout: timeout) { response in
            guard response.status == .ok else {
                let body = try await response.body.collect(upTo: 16_384)
                let message = (try? JSONDecoder().decode([String: String].self, from: Data(body.readableBytesView)))?["message"]
                throw AttachmentTransferError.refused(
                    status: response.status.code, message: message ?? "The server refused the file (\(response.status.code)).")
            }
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw AttachmentTransferError.unwritableFolder(
                    folder: file.deletingLastPathComponent().path, reason: "a file cannot be created there")
            }
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            for try await buffer in response.body {
                try handle.write(contentsOf: Data(buffer.readableBytesView))
            }
            return response.headers
        }
    }

    /// Sends `request` to `url` on a client of its own, with this access's
    /// certificate checks and cookies, keeps the cookies the answer sets,
    /// reads the answer with `read`, and shuts the client down either way.
    private func execute<T>(
        _ request: HTTPClientRequest, to url: URL, timeout: TimeInterval,
        read: (HTTPClientResponse) async throws -> T
    ) async throws -> T {
        var request = request
        if let cookie = cookies?.header(for: url) {
            request.headers.add(name: "Cookie", value: cookie)
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tlsConfiguration)
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(Int64(timeout * 1_000_000_000)))
            cookies?.store(response.headers["Set-Cookie"], from: url)
            let answer = try await read(response)
            try await client.shutdown()
            return answer
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
