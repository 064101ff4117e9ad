import Foundation

/// A document an agent pushed and the person accepted, as the app's viewer
/// shows it: a picture, text, or — for anything else — an offer to open it
/// in another application.
public struct SharedDocument: Sendable, Hashable {
    /// How the viewer can show a document.
    public enum Kind: Sendable, Hashable {
        /// A PNG, JPEG, GIF, TIFF, BMP or WebP picture, shown scaled to fit.
        case image
        /// Plain text (including CSV, JSON, Markdown and logs), shown read-only.
        case text
        /// Anything else: the viewer offers to open it in another application.
        case other
    }

    /// The largest document the viewer downloads: 20 MB.
    public static let maxBytes = 20_000_000

    /// Where the document is.
    public let url: URL
    /// The media type the agent gave, when it gave one.
    public let mediaType: String?

    /// A document at `url` with the agent's `mediaType`.
    public init(url: URL, mediaType: String?) {
        self.url = url
        self.mediaType = mediaType
    }

    /// The viewer's title: the file name from the address, else its host.
    public var title: String {
        let name = url.lastPathComponent
        if !name.isEmpty, name != "/" { return name.removingPercentEncoding ?? name }
        return url.host ?? localized("Shared document")
    }

    /// How to show it: by the media type the server sent with the bytes
    /// when there is one, else the agent's, else the file name's extension.
    public func kind(servedAs served: String? = nil) -> Kind {
        for type in [served, mediaType].compactMap(\.self) {
            if let kind = Self.kind(ofMediaType: type) { return kind }
        }
        return Self.kind(ofExtension: url.pathExtension.lowercased())
    }

    /// The kind for a media type such as `image/png; charset=…`, or `nil`
    /// when the type says nothing useful (`application/octet-stream`).
    static func kind(ofMediaType type: String) -> Kind? {
        let essence = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if essence.isEmpty || essence == "application/octet-stream" { return nil }
        if Self.imageTypes.contains(essence) { return .image }
        if essence.hasPrefix("text/") || Self.textTypes.contains(essence) { return .text }
        return .other
    }

    private static func kind(ofExtension pathExtension: String) -> Kind {
        switch pathExtension {
        case "png", "jpg", "jpeg", "gif", "tif", "tiff", "bmp", "webp": .image
        case "txt", "text", "log", "csv", "json", "md", "markdown": .text
        default: .other
        }
    }

    private static let imageTypes: Set<String> = [
        "image/png", "image/jpeg", "image/gif", "image/tiff", "image/bmp", "image/webp",
    ]
    private static let textTypes: Set<String> = ["application/json", "application/csv"]
}
