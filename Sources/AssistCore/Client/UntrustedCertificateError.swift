import NIOSSL

/// The support server's certificate did not verify — self-signed, signed by
/// an authority this computer does not trust, expired, or made out for
/// another host — and ``Configuration/acceptSelfSignedCerts`` is off, so
/// nothing was sent.
///
/// It is not a passing failure: the certificate will be the same a few
/// seconds later. A ``ReconnectingConnection`` does not retry after it; it
/// terminates with it at once (``ConnectionStateMachine``), and the
/// initial connection fails with it as with any error.
public struct UntrustedCertificateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What TLS reported, for logs.
    public let detail: String

    /// An error with TLS's account of the failure.
    public init(detail: String) {
        self.detail = detail
    }

    /// The certificate failure `error` stands for, or `nil` when it is not
    /// one: a TLS handshake that failed because the certificate did not
    /// verify.
    static func recognizing(_ error: any Error) -> UntrustedCertificateError? {
        guard case .handshakeFailed(let failure) = error as? NIOSSLError else { return nil }
        let detail = String(describing: failure)
        return detail.contains("CERTIFICATE_VERIFY_FAILED") ? UntrustedCertificateError(detail: detail) : nil
    }

    /// A short account for logs.
    public var description: String { "the support server's certificate did not verify: \(detail)" }
}
