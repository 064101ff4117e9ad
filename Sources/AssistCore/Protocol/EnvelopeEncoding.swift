/// Writes a whole frame: `v`, `seq` and `ack`, then the message's `type` and `body`.
struct EnvelopeEncoding<Message: WireMessage>: Encodable {
    /// The frame to write.
    let envelope: Envelope<Message>

    func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.integer(envelope.version, "v", min: 1)
        try writer.integerIfPresent(envelope.seq, "seq", min: 1)
        try writer.integerIfPresent(envelope.ack, "ack")
        try envelope.message.encode(to: encoder)
    }
}
