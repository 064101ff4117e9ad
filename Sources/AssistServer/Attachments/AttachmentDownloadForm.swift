import Foundation
import HTTPTypes
import NIOCore

/// The seed's download request (`POST` with the form `sid=SESSION`) and the
/// headers a downloaded file is answered with.
enum AttachmentDownloadForm {
    /// The `sid` of a form body, if it has one.
    static func sessionID(in body: ByteBuffer) -> String? {
        var components = URLComponents()
        components.percentEncodedQuery = String(decoding: body.readableBytesView, as: UTF8.self)
            .replacingOccurrences(of: "+", with: "%20")
        return components.queryItems?.first { $0.name == "sid" }?.value
    }

    /// The characters RFC 5987 lets a `filename*` carry unencoded.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_~")

    /// The file's type, length, and a `Content-Disposition` that saves it
    /// under its name; never sniffed or cached by a browser.
    static func headers(of record: AttachmentRecord) -> HTTPFields {
        let asciiName = String(record.name.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" ? Character($0) : "_" })
        let encodedName = record.name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? asciiName
        return [
            .contentType: record.mediaType == "text/plain" ? "text/plain; charset=utf-8" : record.mediaType,
            .contentDisposition: "attachment; filename=\"\(asciiName)\"; filename*=UTF-8''\(encodedName)",
            .init("X-Content-Type-Options")!: "nosniff",
            .cacheControl: "no-store",
        ]
    }
}
