/// Why a frame could not be read, sent or accepted.
///
/// Decoding never traps: every bad input becomes one of these, and
/// ``disposition`` says whether to answer with an `error` frame or to close
/// the connection.
public struct ProtocolError: Error, Sendable, Hashable {
    /// What exactly went wrong.
    public enum Kind: Sendable, Hashable {
        /// The text frame had `byteCount` bytes, more than ``ProtocolLimits/maxTextFrameBytes``.
        case frameTooLarge(byteCount: Int)
        /// The binary message had `byteCount` bytes, more than a co-browse
        /// frame may have (``CobrowseFrameCodec/maxMessageBytes``).
        case binaryFrameTooLarge(byteCount: Int)
        /// A binary frame arrived where a text frame was expected.
        case unexpectedBinaryFrame
        /// The text frame was not valid UTF-8.
        case invalidUTF8
        /// The text frame was not JSON.
        case malformedJSON
        /// The JSON was not an object.
        case notAnObject
        /// An envelope member (`v`, `type`, `seq`, `ack`) was missing, of the
        /// wrong type or out of range, or `seq` was present where it must be
        /// absent (or the reverse).
        case invalidEnvelope(field: String, problem: String)
        /// The frame's version is not one this build speaks.
        case unsupportedVersion(Int)
        /// The message type is not one this build knows for this direction.
        case unknownType(String)
        /// A body member was missing, `null` where a value is required, or of
        /// the wrong JSON type. `field` is a path such as `body.preChat[2].label`.
        case invalidMessage(field: String, problem: String)
        /// A body value broke a rule: an empty identifier, a text over its
        /// limit, a negative count, a bad encoding.
        case invalidValue(field: String, problem: String)
        /// A sequenced frame skipped ahead: `received` arrived where
        /// `expected` was due.
        case sequenceGap(expected: Int, received: Int)
        /// The peer acknowledged `ack`, but only `lastSent` frames were sent.
        case invalidAcknowledgement(ack: Int, lastSent: Int)
        /// The peer asked for replay after `after`, but frames from
        /// `firstRetained` on are all that is kept.
        case replayUnavailable(after: Int, firstRetained: Int)
        /// The peer asked for replay after `after`, but only `lastSent`
        /// frames were ever sent: it claims frames that do not exist.
        case replayBeyondSent(after: Int, lastSent: Int)
        /// `capacity` frames await acknowledgement; no more may be sent.
        case sendBufferFull(capacity: Int)
    }

    /// What exactly went wrong.
    public var kind: Kind
    /// The envelope of the offending frame, when it could be read.
    public var frame: FrameHeader?

    /// Creates an error.
    public init(_ kind: Kind, frame: FrameHeader? = nil) {
        self.kind = kind
        self.frame = frame
    }
}
