import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads a document an agent shared, for the app's viewer.
public enum SharedDocumentLoader {
    /// The bytes at `document`'s address and the media type they were served as.
    ///
    /// - Throws: ``UserFacingError`` with one sentence: the address is not
    ///   `http`/`https` or the document is larger than
    ///   ``SharedDocument/maxBytes`` (``UserFacingError/Remedy/dismiss``),
    ///   or the download failed or was refused (``UserFacingError/Remedy/tryAgain``).
    public static func load(_ document: SharedDocument) async throws(UserFacingError) -> (data: Data, mediaType: String?) {
        guard let scheme = document.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw UserFacingError(message: localized("The shared document's address is not a web address."), remedy: .dismiss)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: URLRequest(url: document.url, timeoutInterval: 30))
        } catch {
            throw UserFacingError(message: localized("The shared document could not be downloaded."), remedy: .tryAgain)
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw UserFacingError(
                message: localized(
                    "The shared document could not be downloaded (the server answered {status}).", ["status": String(http.statusCode)]),
                remedy: .tryAgain)
        }
        guard data.count <= SharedDocument.maxBytes else {
            throw UserFacingError(message: localized("The shared document is too large to show here (over 20 MB)."), remedy: .dismiss)
        }
        return (data, response.mimeType)
    }
}
