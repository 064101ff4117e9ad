import Foundation
import NIOCore
import NIOPosix

/// Turns what the network libraries throw into the errors the rest of
/// AssistCore understands, for the WebSocket and the short-code requests
/// alike.
enum TransportFailure {
    /// The error as the person-facing layer and the reconnection logic
    /// understand it: a certificate that did not verify becomes an
    /// ``UntrustedCertificateError``, a refused connection `ECONNREFUSED`,
    /// whatever NIO wrapped them in; anything else stays as it is.
    static func plain(_ error: any Error) -> any Error {
        if let failure = error as? NIOConnectionError {
            for attempt in failure.connectionErrors {
                if let untrusted = UntrustedCertificateError.recognizing(attempt.error) { return untrusted }
            }
            let refused = failure.connectionErrors.contains { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }
            if refused { return POSIXError(.ECONNREFUSED) }
        }
        if let untrusted = UntrustedCertificateError.recognizing(error) { return untrusted }
        if let failure = error as? IOError, failure.errnoCode == ECONNREFUSED {
            return POSIXError(.ECONNREFUSED)
        }
        return error
    }
}
