/// How a consumer connection ended, as the server's close frame told it.
public struct LinkClosure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The close code, or `nil` when the connection dropped without a close
    /// frame (the network went away: 1005/1006).
    public let code: CloseCode?
    /// The server's close reason, if it gave one.
    public let reason: String?

    /// Creates a closure.
    public init(code: CloseCode?, reason: String?) {
        self.code = code
        self.reason = reason
    }

    /// Whether the session may be resumed on a new connection: after a drop,
    /// a restart (1001), a server failure (1011) or a sequence gap (4004).
    public var allowsResume: Bool {
        guard let code else { return true }
        return code.allowsResume || code.rawValue == 1005 || code.rawValue == 1006
    }

    /// A short account for logs.
    public var description: String {
        let reasonText = reason.map { ": \($0)" } ?? ""
        return code.map { "closed with \($0.rawValue)\(reasonText)" } ?? "connection dropped"
    }
}
