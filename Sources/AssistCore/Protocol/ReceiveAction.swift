/// What to do with a frame handed to ``ReliableChannel/receive(_:)`` or
/// ``ReliableChannel/receive(rejected:)``.
public enum ReceiveAction<Message: WireMessage>: Sendable, Hashable {
    /// Hand this message to the application; it is new and in order.
    case deliver(Message)
    /// Nothing to deliver and nothing to answer: a duplicate of a frame
    /// already delivered, or a bad `error` frame (never answered, to avoid loops).
    case drop
    /// Act on the error's ``ProtocolError/disposition``: send its
    /// ``ProtocolError/report`` as an `error` frame, or close the connection.
    case reject(ProtocolError)
}
