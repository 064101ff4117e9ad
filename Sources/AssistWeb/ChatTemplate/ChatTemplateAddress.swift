import Foundation

/// The rules about a chat template's addresses: its origin, which pages
/// are the chat (their path has `/templates/chat/`; any other is a pushed
/// page), and whether it asks for the customer's data.
struct ChatTemplateAddress: Sendable, Equatable {
    /// The entry point, as loaded.
    let url: URL
    /// `scheme://host[:port]` as a page's `location.origin` writes it.
    let origin: String

    /// The address of `text`, or `nil` unless it is an `http`/`https` URL with a host.
    init?(_ text: String) {
        guard let url = URL(string: text), let origin = Self.origin(of: url) else { return nil }
        self.url = url
        self.origin = origin
    }

    /// Whether the entry point has `postChatAttributes=true` (the template
    /// seed's switch for auto-login and SSO).
    var postsChatAttributes: Bool {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return items.contains { $0.name == "postChatAttributes" && $0.value?.lowercased() == "true" }
    }

    /// Whether `uri` has this template's origin.
    func isSameOrigin(_ uri: String?) -> Bool {
        guard let uri, let url = URL(string: uri) else { return false }
        return Self.origin(of: url) == origin
    }

    /// Whether `uri` is a chat page, shown in the chat view; any other
    /// address the chat view is asked to show is a pushed page.
    static func isChatPage(_ uri: String) -> Bool {
        guard let url = URL(string: uri) else { return false }
        return url.path(percentEncoded: false).contains("/templates/chat/")
    }

    /// `url`'s origin as `location.origin` writes it (default ports left
    /// out, IPv6 hosts in brackets), or `nil` unless http(s) with a host.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host(percentEncoded: false)?.lowercased(), !host.isEmpty
        else { return nil }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let defaultPort = scheme == "http" ? 80 : 443
        guard let port = url.port, port != defaultPort else { return "\(scheme)://\(shownHost)" }
        return "\(scheme)://\(shownHost):\(port)"
    }
}
