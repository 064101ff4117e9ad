/// What the client asks the current WebSocket connection to do, in order.
enum LinkCommand: Sendable {
    /// Write a text frame.
    case text(String)
    /// Close with this code and reason.
    case close(CloseCode, reason: String)
}
