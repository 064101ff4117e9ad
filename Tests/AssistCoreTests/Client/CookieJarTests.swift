import AssistCore
import Foundation
import Testing

@Suite("Cookie jar (useCookies)")
struct CookieJarTests {
    private let origin = URL(string: "https://support.example.com/assistserver/shortcode/create")!
    private let socket = URL(string: "wss://support.example.com/v1/consumer")!
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a cookie a short-code answer set goes on the WebSocket upgrade to the same host")
    func cookieFromHTTPGoesOnTheSocket() {
        let jar = CookieJar()
        jar.store(["route=a1; Path=/"], from: origin, at: start)
        #expect(jar.header(for: socket, at: start) == "route=a1")
    }

    @Test("an empty jar gives no Cookie header")
    func emptyJarSendsNothing() {
        #expect(CookieJar().header(for: socket) == nil)
    }

    @Test("a host-only cookie is not sent to another host or to a subdomain")
    func hostOnlyStaysOnItsHost() {
        let jar = CookieJar()
        jar.store(["route=a1"], from: origin, at: start)
        #expect(jar.header(for: URL(string: "wss://other.example.com/v1/consumer")!, at: start) == nil)
        #expect(jar.header(for: URL(string: "wss://eu.support.example.com/v1/consumer")!, at: start) == nil)
    }

    @Test("a Domain cookie goes to subdomains, and one for a domain that does not hold the host is refused")
    func domainAttribute() {
        let jar = CookieJar()
        jar.store(["lb=eu; Domain=example.com", "evil=1; Domain=attacker.test"], from: origin, at: start)
        #expect(jar.header(for: URL(string: "wss://eu.example.com/v1/consumer")!, at: start) == "lb=eu")
        #expect(jar.header(for: URL(string: "https://attacker.test/")!, at: start) == nil)
    }

    @Test("a Secure cookie goes over https and wss only")
    func secureCookiesNeedTLS() {
        let jar = CookieJar()
        jar.store(["route=a1; Secure"], from: origin, at: start)
        #expect(jar.header(for: socket, at: start) == "route=a1")
        #expect(jar.header(for: URL(string: "ws://support.example.com/v1/consumer")!, at: start) == nil)
    }

    @Test("a cookie goes only on requests within its Path, the longest path first")
    func pathMatching() {
        let jar = CookieJar()
        jar.store(["all=1; Path=/", "codes=2; Path=/assistserver"], from: origin, at: start)
        #expect(jar.header(for: origin, at: start) == "codes=2; all=1")
        #expect(jar.header(for: socket, at: start) == "all=1")
        #expect(jar.header(for: URL(string: "https://support.example.com/assistserverx")!, at: start) == "all=1")
    }

    @Test("Max-Age and Expires end a cookie; Max-Age=0 removes it; a new value replaces the old")
    func expiryAndReplacement() {
        let jar = CookieJar()
        jar.store(["route=a1; Max-Age=60", "old=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT"], from: origin, at: start)
        #expect(jar.header(for: socket, at: start) == "route=a1")
        #expect(jar.header(for: socket, at: start.addingTimeInterval(61)) == nil)
        jar.store(["route=b2"], from: origin, at: start)
        #expect(jar.header(for: socket, at: start) == "route=b2")
        jar.store(["route=gone; Max-Age=0"], from: origin, at: start)
        #expect(jar.header(for: socket, at: start) == nil)
    }
}
