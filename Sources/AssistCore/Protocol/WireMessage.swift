/// A message of one direction of the protocol: the `type` and `body` of an
/// envelope.
///
/// A conforming type's `Codable` conformance reads and writes only the
/// `type` and `body` members of the envelope object; ``ProtocolCodec`` adds
/// `v`, `seq` and `ack`. Use the codec, not a bare `JSONEncoder`.
public protocol WireMessage: Codable, Sendable, Hashable {
    /// The envelope's `type` for this message, e.g. `"chat"`.
    var messageType: String { get }
    /// Whether the message carries a `seq`, is kept until acknowledged and
    /// is replayed after a resume. Handshake messages, acknowledgements,
    /// typing indicators, state snapshots and errors are not sequenced.
    var isSequenced: Bool { get }
    /// The bodiless message that only carries the envelope's `ack`.
    static var ack: Self { get }
    /// The `error` message reporting a problem to the peer.
    static func error(_ report: ErrorReport) -> Self
    /// The protocol version that introduced this message's type, written as
    /// the envelope's `v`.
    var introducedInVersion: Int { get }
}

extension WireMessage {
    /// Version 1, the version of every type that a later one did not add.
    public var introducedInVersion: Int { 1 }
}
