import Foundation

/// The card shown under a chat message that contains a link, when the
/// configuration allows URL previews: the site and the page, taken from the
/// link itself. Nothing is fetched from the network.
public struct LinkPreview: Sendable, Hashable {
    /// The link previewed.
    public let url: URL
    /// The site, e.g. `docs.example.com`.
    public let host: String
    /// The page on the site, e.g. `/guides/setup`, with any query; `nil` for
    /// the site's front page.
    public let path: String?

    /// The preview of `url`, or `nil` when it has no host.
    public init?(url: URL) {
        guard let host = url.host, !host.isEmpty else { return nil }
        self.url = url
        self.host = host
        let page = url.path + (url.query.map { "?\($0)" } ?? "")
        self.path = page.isEmpty || page == "/" ? nil : page
    }

    /// The preview of the first link in `text`, or `nil` when it has none.
    public init?(text: String) {
        guard let url = ChatTextSegment.firstLink(in: text) else { return nil }
        self.init(url: url)
    }

    /// What a screen reader says for the card, e.g.
    /// "Link to docs.example.com, page /guides/setup".
    public var accessibleLabel: String {
        path.map { localized("Link to {host}, page {page}", ["host": host, "page": $0]) } ?? localized("Link to {host}", ["host": host])
    }
}
