/// What a receiver does about a ``ProtocolError``.
public enum ProtocolDisposition: Sendable, Hashable {
    /// Send an `error` frame with this code and keep the connection; the
    /// offending message is dropped (its sequence number still counts as
    /// received).
    case errorFrame(code: ErrorCode)
    /// Close the connection with this code and reason (at most 123 bytes).
    /// The receiver may send an `error` frame first.
    case close(code: CloseCode, reason: String)

    /// The close code, or `nil` when the connection stays open.
    public var closeCode: CloseCode? {
        switch self {
        case .errorFrame: nil
        case .close(let code, _): code
        }
    }
}
