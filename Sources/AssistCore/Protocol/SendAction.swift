/// What to do with a message handed to ``ReliableChannel/send(_:)``.
public enum SendAction<Message: WireMessage>: Sendable, Hashable {
    /// Encode this envelope and write it to the connection now.
    case transmit(Envelope<Message>)
    /// Nothing now: the message is sequenced, no connection is up, and it is
    /// kept for ``ReliableChannel/replay(after:)``.
    case hold
    /// Nothing at all: the message is not sequenced and no connection is up,
    /// so it is dropped (a stale typing indicator is worthless later).
    case discard
    /// The message was not accepted; close as the error's disposition says.
    case fail(ProtocolError)
}
