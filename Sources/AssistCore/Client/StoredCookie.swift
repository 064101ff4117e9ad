import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One cookie a ``CookieJar`` keeps, with the RFC 6265 rules that decide
/// which requests carry it.
struct StoredCookie: Sendable, Hashable {
    let name: String
    let value: String
    /// The host that set it, or the domain its `Domain` attribute names;
    /// lowercased, without a leading dot.
    let domain: String
    /// Sent to ``domain`` only, not to its subdomains: no `Domain` attribute.
    let hostOnly: Bool
    let path: String
    /// Sent over `https` and `wss` only.
    let secure: Bool
    /// When it stops being sent; `nil` for a cookie that lasts the session.
    let expiry: Date?

    /// The cookie `cookie`, parsed by Foundation from a response of `url`
    /// received at `now`; `nil` when its `Domain` attribute names a domain
    /// that does not contain `url`'s host (a server may not set cookies for
    /// another site).
    init?(_ cookie: HTTPCookie, from url: URL, at now: Date) {
        guard let host = url.host?.lowercased() else { return nil }
        let named = cookie.domain.lowercased()
        hostOnly = !named.hasPrefix(".")
        domain = hostOnly ? named : String(named.dropFirst())
        guard Self.host(host, isWithin: domain) else { return nil }
        name = cookie.name
        value = cookie.value
        path = cookie.path.hasPrefix("/") ? cookie.path : "/"
        secure = cookie.isSecure
        // Max-Age wins over Expires (RFC 6265 §5.3); Foundation on Linux
        // parses it without turning it into a date.
        if let maxAge = (cookie.properties?[.maximumAge] as? String).flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            expiry = now.addingTimeInterval(TimeInterval(maxAge))
        } else {
            expiry = cookie.expiresDate
        }
    }

    /// Whether another cookie with the same name, domain and path replaces this one.
    func isReplaced(by other: StoredCookie) -> Bool {
        name == other.name && domain == other.domain && path == other.path
    }

    /// Whether it has expired at `now`.
    func hasExpired(at now: Date) -> Bool {
        expiry.map { $0 <= now } ?? false
    }

    /// Whether a request to `url` at `now` carries it.
    func applies(to url: URL, at now: Date) -> Bool {
        guard let host = url.host?.lowercased(), !hasExpired(at: now) else { return false }
        let hostMatches = hostOnly ? host == domain : Self.host(host, isWithin: domain)
        let scheme = url.scheme?.lowercased()
        return hostMatches && Self.path(url.path.isEmpty ? "/" : url.path, isWithin: path)
            && (!secure || scheme == "https" || scheme == "wss")
    }

    /// RFC 6265 §5.1.3 domain matching.
    private static func host(_ host: String, isWithin domain: String) -> Bool {
        host == domain || host.hasSuffix("." + domain)
    }

    /// RFC 6265 §5.1.4 path matching.
    private static func path(_ requestPath: String, isWithin cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.count == cookiePath.count || cookiePath.hasSuffix("/")
            || requestPath.dropFirst(cookiePath.count).hasPrefix("/")
    }
}
