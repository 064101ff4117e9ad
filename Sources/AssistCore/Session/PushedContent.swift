import Foundation

/// Content an agent pushes to the person: a web page or a document.
public enum PushedContent: Sendable, Hashable {
    /// A web address to open in the person's browser.
    case url(URL)
    /// A document to show in a viewer window, with its media type when known.
    case document(URL, mimeType: String?)
}
