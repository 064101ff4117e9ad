/// What the driver of a ``ConsumerSession`` does after an event.
public enum ConsumerSessionEffect: Sendable {
    /// Write this text frame to the current connection, in order.
    case transmit(String)
    /// The handshake finished: the connection is established.
    case established
    /// Close the connection with this code: the server broke the protocol.
    case close(CloseCode, reason: String)
    /// Tell the view layer and the application.
    case publish(SupportEvent)
    /// Save the file `attachment` of the received entry `entryID` (the
    /// client downloads it and reports with ``ConsumerSession/fileChanged(_:_:)``).
    case fetch(entryID: String, attachment: AttachmentInfo)
}
