import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The attachment endpoints as a client calls them, for tests: each call
/// returns the HTTP status and the body.
struct AttachmentRequests {
    /// The server's base URL.
    let server: String

    /// An answer: its status and body, and the body read as JSON when it is.
    struct Answer {
        var status: Int
        var body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var message: String? { json["message"] as? String }
    }

    /// `POST /v1/attachments` with `token`.
    func start(
        token: String?, sid: String? = nil, name: String, size: Int, mediaType: String
    ) async throws -> Answer {
        var fields: [String: Any] = ["name": name, "size": size, "mediaType": mediaType]
        if let sid { fields["sid"] = sid }
        return try await send("POST", "/v1/attachments", token: token, body: try JSONSerialization.data(withJSONObject: fields))
    }

    /// `PUT /v1/attachments/{id}` of `bytes` from `offset`.
    func put(_ bytes: Data, to id: String, at offset: Int, token: String?) async throws -> Answer {
        try await send("PUT", "/v1/attachments/\(id)", token: token, body: bytes, headers: ["Upload-Offset": "\(offset)"])
    }

    /// `GET /v1/attachments/{id}`.
    func status(of id: String, token: String?) async throws -> Answer {
        try await send("GET", "/v1/attachments/\(id)", token: token)
    }

    /// `POST /v1/attachments/{id}/download` with the form `sid=…`.
    func download(_ id: String, sid: String, token: String?) async throws -> (Answer, HTTPURLResponse?) {
        try await sendWithResponse(
            "POST", "/v1/attachments/\(id)/download", token: token, body: Data("sid=\(sid)".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
    }

    /// `POST /v1/attachments/{id}/download?key=…` with the form body `form`
    /// and no `Authorization`: the cookie-less download.
    func download(_ id: String, key: String, form: String) async throws -> (Answer, HTTPURLResponse?) {
        var query = URLComponents()
        query.queryItems = [URLQueryItem(name: "key", value: key)]
        return try await sendWithResponse(
            "POST", "/v1/attachments/\(id)/download?\(query.percentEncodedQuery ?? "")", token: nil, body: Data(form.utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
    }

    /// `DELETE /v1/attachments/{id}`.
    func delete(_ id: String, token: String?) async throws -> Answer {
        try await send("DELETE", "/v1/attachments/\(id)", token: token)
    }

    /// Starts an upload and sends `bytes` in parts of `partSize`; the id.
    func upload(
        _ bytes: Data, name: String, mediaType: String, token: String, sid: String? = nil, partSize: Int = 300_000
    ) async throws -> String {
        let started = try await start(token: token, sid: sid, name: name, size: bytes.count, mediaType: mediaType)
        #expect(started.status == 201, "\(started.message ?? "")")
        let id = try #require(started.json["attachmentId"] as? String)
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + partSize, bytes.count)
            let answer = try await put(bytes.subdata(in: offset..<end), to: id, at: offset, token: token)
            #expect(answer.status == 200, "\(answer.message ?? "")")
            offset = end
        }
        return id
    }

    private func send(
        _ method: String, _ path: String, token: String?, body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> Answer {
        try await sendWithResponse(method, path, token: token, body: body, headers: headers).0
    }

    private func sendWithResponse(
        _ method: String, _ path: String, token: String?, body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> (Answer, HTTPURLResponse?) {
        var request = URLRequest(url: try #require(URL(string: server + path)))
        request.httpMethod = method
        request.httpBody = body
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (Answer(status: http?.statusCode ?? 0, body: data), http)
    }
}
