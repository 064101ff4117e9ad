/// The envelope members of a frame that could be read even though its message
/// could not: enough to acknowledge it and to tell the sender which one failed.
public struct FrameHeader: Sendable, Hashable {
    /// The frame's `type`.
    public var type: String
    /// The frame's `seq`, when it had one.
    public var seq: Int?
    /// The frame's `ack`, when it had one.
    public var ack: Int?

    /// Creates a header.
    public init(type: String, seq: Int? = nil, ack: Int? = nil) {
        self.type = type
        self.seq = seq
        self.ack = ack
    }
}
