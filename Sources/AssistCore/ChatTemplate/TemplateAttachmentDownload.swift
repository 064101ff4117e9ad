import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Fetches a file a chat template's person clicked (`IOSDownloadAttachment`)
/// the way the template seed says: a `POST` to the URL the page gave, with
/// the form body `sid=SESSION` (`Content-Type:
/// application/x-www-form-urlencoded`) and no `Authorization` header — the
/// URL's `key` is the credential. The answer is saved in a folder under the
/// server's `Content-Disposition` name, or "name (2).ext" when it is taken.
public struct TemplateAttachmentDownload: Sendable {
    private let access: ServerAccess
    private let timeout: TimeInterval

    /// Downloads with `access`'s certificate checks and cookies, each request
    /// allowed `timeout` seconds.
    public init(access: ServerAccess = ServerAccess(), timeout: TimeInterval = 60) {
        self.access = access
        self.timeout = timeout
    }

    /// POSTs `sid=sessionID` to `url` (http or https) and saves the answer in
    /// `folder`; returns the file's path.
    ///
    /// - Throws: ``AttachmentTransferError`` when the URL is not http(s),
    ///   the server refuses (its sentence), or the folder cannot be written;
    ///   the network's error when it cannot be reached.
    public func download(from url: URL, sessionID: String, into folder: URL) async throws -> URL {
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host(percentEncoded: false) != nil else {
            throw AttachmentTransferError.refused(status: 0, message: localized("The file's address is not a web address."))
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        var form = URLComponents()
        form.queryItems = [URLQueryItem(name: "sid", value: sessionID)]
        let body = (form.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        request.body = .bytes(ByteBuffer(string: body))
        let partial = folder.appendingPathComponent(".assist-download-\(UUID().uuidString).part")
        do {
            let headers = try await access.stream(request, to: url, timeout: timeout, into: partial)
            let name = headers.first(name: "Content-Disposition").flatMap(ContentDispositionName.fileName(in:))
                ?? Self.nameFromPath(of: url)
            let target = AttachmentFileName.free(name, in: folder)
            try FileManager.default.moveItem(at: partial, to: target)
            return target
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    /// A name when the server gives none: the URL's last path component
    /// other than `download`, else "attachment".
    private static func nameFromPath(of url: URL) -> String {
        let components = url.pathComponents.filter { $0 != "/" && $0 != "download" }
        return components.last ?? "attachment"
    }
}
