import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cookies the support server, or a load balancer in front of it, set
/// during a support session, kept in memory and sent back on the session's
/// later requests: what keeps a session on one server behind a load
/// balancer with sticky sessions (``Configuration/useCookies``).
///
/// A cookie is kept for the host that set it, or for the domain its
/// `Domain` attribute names when that contains the host, and goes on
/// requests within its `Path`, over `https` and `wss` only when it is
/// `Secure`, until its `Max-Age` or `Expires`. A later cookie with the same
/// name, domain and path replaces it; one already expired removes it.
/// Foundation's `HTTPCookie` reads the `Set-Cookie` lines; its
/// `HTTPCookieStorage` is not used because on Linux it is one store for the
/// whole process, written to disk.
public final class CookieJar: Sendable {
    private let cookies = Mutex<[StoredCookie]>([])

    /// An empty jar.
    public init() {}

    /// Keeps the cookies of `setCookieLines`, the values of the `Set-Cookie`
    /// headers of a response from `url` received at `now`.
    public func store(_ setCookieLines: [String], from url: URL, at now: Date = Date()) {
        let received = setCookieLines.flatMap { line in
            HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": line], for: url)
                .compactMap { StoredCookie($0, from: url, at: now) }
        }
        guard !received.isEmpty else { return }
        cookies.withLock { cookies in
            for cookie in received {
                cookies.removeAll { $0.isReplaced(by: cookie) }
                if !cookie.hasExpired(at: now) { cookies.append(cookie) }
            }
        }
    }

    /// The value of the `Cookie` header of a request to `url` at `now`, the
    /// cookies with the longest paths first; `nil` when none applies.
    public func header(for url: URL, at now: Date = Date()) -> String? {
        let applying = cookies.withLock { cookies in cookies.filter { $0.applies(to: url, at: now) } }
        guard !applying.isEmpty else { return nil }
        return applying.enumerated()
            .sorted { ($0.element.path.count, -$0.offset) > ($1.element.path.count, -$1.offset) }
            .map { "\($0.element.name)=\($0.element.value)" }
            .joined(separator: "; ")
    }
}
