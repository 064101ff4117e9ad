import AssistCore

extension SupportHub {
    /// The session whose current resume token is `token`, for the
    /// diagnostics endpoint (§11.5); `nil` when none is open.
    func session(forResumeToken token: String) -> SessionID? {
        sessionsByResumeDigest[SecretDigest(of: token)]
    }
}
