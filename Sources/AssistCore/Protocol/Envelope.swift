/// One frame of the protocol: a message with the members every frame shares.
///
/// On the wire: `{"v":1,"type":"chat","seq":12,"ack":7,"body":{…}}`.
public struct Envelope<Message: WireMessage>: Sendable, Hashable {
    /// The protocol version the frame is written in (`v`).
    public var version: Int
    /// The frame's 1-based sequence number in its direction (`seq`); present
    /// exactly when the message is sequenced.
    public var seq: Int?
    /// The highest `seq` the sender has received from the peer (`ack`), when
    /// it states one: a cumulative acknowledgement.
    public var ack: Int?
    /// The message (`type` and `body`).
    public var message: Message

    /// Wraps a message, in the version that introduced its type unless
    /// `version` says otherwise.
    public init(_ message: Message, seq: Int? = nil, ack: Int? = nil, version: Int? = nil) {
        self.version = version ?? message.introducedInVersion
        self.seq = seq
        self.ack = ack
        self.message = message
    }

    /// The envelope members without the message, as errors report them.
    public var header: FrameHeader {
        FrameHeader(type: message.messageType, seq: seq, ack: ack)
    }
}
