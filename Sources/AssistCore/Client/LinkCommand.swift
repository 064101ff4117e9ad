/// What the client asks the current WebSocket connection to do, in order.
enum LinkCommand: Sendable {
    /// Write a text frame.
    case text(String)
    /// Write a binary frame (a co-browse frame), then tell the client it left.
    case binary([UInt8])
    /// Close with this code and reason.
    case close(CloseCode, reason: String)
}
