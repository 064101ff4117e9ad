import Foundation
import NIOSSL

/// How a support session reaches its server, shared by every request it
/// makes — the consumer WebSocket (``SupportClient``) and the short-code
/// requests (``ShortCodeClient``): which certificates are accepted
/// (``Configuration/acceptSelfSignedCerts``) and, with
/// ``Configuration/useCookies``, the cookies the server set.
///
/// Make one per support session and hand the same value to both clients,
/// so that a cookie a short-code answer set goes on the WebSocket upgrade.
public struct ServerAccess: Sendable {
    /// Whether a certificate that does not verify is accepted. Off, the
    /// system's trust store decides and a failure is an
    /// ``UntrustedCertificateError``; on, any certificate is accepted,
    /// which only a development server should need.
    public let acceptsUnverifiedCertificates: Bool
    /// The session's cookies, or `nil` when cookies are off: then no
    /// request ever carries a `Cookie` header.
    public let cookies: CookieJar?

    /// Access that verifies certificates (unless `acceptsUnverifiedCertificates`)
    /// and sends `cookies` when given.
    public init(acceptsUnverifiedCertificates: Bool = false, cookies: CookieJar? = nil) {
        self.acceptsUnverifiedCertificates = acceptsUnverifiedCertificates
        self.cookies = cookies
    }

    /// Access as `configuration` says, with a new, empty jar when it uses
    /// cookies.
    public init(configuration: Configuration) {
        self.init(
            acceptsUnverifiedCertificates: configuration.acceptSelfSignedCerts,
            cookies: configuration.useCookies ? CookieJar() : nil)
    }

    /// The TLS settings of every `https` and `wss` connection.
    var tlsConfiguration: TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if acceptsUnverifiedCertificates { tls.certificateVerification = .none }
        return tls
    }
}
