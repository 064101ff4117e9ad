import Foundation

/// The formats a transcript is saved in.
public enum TranscriptFileFormat: String, Sendable, Hashable, CaseIterable {
    /// A self-contained web page (``TranscriptHTMLRenderer``).
    case html
    /// Plain text (``TranscriptTextRenderer``).
    case plainText

    /// The format a file name's extension asks for (`.html`, `.htm`,
    /// `.txt`, any case), or `nil` for any other name.
    public init?(fileName: String) {
        let name = fileName.lowercased()
        if name.hasSuffix(".html") || name.hasSuffix(".htm") {
            self = .html
        } else if name.hasSuffix(".txt") {
            self = .plainText
        } else {
            return nil
        }
    }

    /// The extension a new file gets, without the dot.
    public var fileExtension: String {
        switch self {
        case .html: "html"
        case .plainText: "txt"
        }
    }

    /// The file's media type.
    public var mediaType: String {
        switch self {
        case .html: "text/html"
        case .plainText: "text/plain"
        }
    }

    /// The format's name in a file chooser's list of types.
    public var displayName: String {
        switch self {
        case .html: localized("Web page (HTML)")
        case .plainText: localized("Plain text")
        }
    }

    /// `document` in this format, as UTF-8 text.
    public func render(_ document: TranscriptDocument, formatting: TranscriptFormatting = TranscriptFormatting()) -> String {
        switch self {
        case .html: TranscriptHTMLRenderer(formatting: formatting).render(document)
        case .plainText: TranscriptTextRenderer(formatting: formatting).render(document)
        }
    }
}
