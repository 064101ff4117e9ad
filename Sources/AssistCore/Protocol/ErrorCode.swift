/// The machine-readable code of an error frame.
///
/// The set is open: a newer peer may send a code this build does not know,
/// which arrives intact; treat an unknown code like ``protocolViolation``.
public struct ErrorCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The code as it appears on the wire.
    public let rawValue: String

    /// Wraps a code as it appears on the wire.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The frame was not a JSON object with a valid envelope (closes with 1007).
    public static let malformedFrame = ErrorCode(rawValue: "malformedFrame")
    /// The frame was larger than ``ProtocolLimits/maxTextFrameBytes`` (closes with 1009).
    public static let frameTooLarge = ErrorCode(rawValue: "frameTooLarge")
    /// A binary frame arrived where only text frames are expected (closes with 1003).
    public static let unsupportedData = ErrorCode(rawValue: "unsupportedData")
    /// No protocol version is common to both peers (closes with 4001).
    public static let unsupportedVersion = ErrorCode(rawValue: "unsupportedVersion")
    /// The message type is unknown to the receiver; the message was dropped.
    public static let unknownType = ErrorCode(rawValue: "unknownType")
    /// A body member was missing or of the wrong JSON type; the message was dropped.
    public static let invalidMessage = ErrorCode(rawValue: "invalidMessage")
    /// A value broke a rule (empty id, text too long, …); the message was dropped.
    public static let invalidValue = ErrorCode(rawValue: "invalidValue")
    /// A sequence number was skipped; resume to resynchronise (closes with 4004).
    public static let sequenceGap = ErrorCode(rawValue: "sequenceGap")
    /// The peer broke the protocol's rules, e.g. acknowledged a frame never sent (closes with 1008).
    public static let protocolViolation = ErrorCode(rawValue: "protocolViolation")
    /// The resume token is unknown or expired, or replay is impossible (closes with 4002).
    public static let resumeRejected = ErrorCode(rawValue: "resumeRejected")
    /// The agent's token was not accepted (closes with 4003).
    public static let authenticationFailed = ErrorCode(rawValue: "authenticationFailed")
    /// The message is valid but not allowed now, e.g. `chat` before `welcome`.
    public static let notAllowed = ErrorCode(rawValue: "notAllowed")
    /// The message names a session the sender has no part in.
    public static let unknownSession = ErrorCode(rawValue: "unknownSession")
    /// The answer names a request that is unknown or already answered.
    public static let unknownRequest = ErrorCode(rawValue: "unknownRequest")
    /// The short code is unknown or expired.
    public static let unknownShortCode = ErrorCode(rawValue: "unknownShortCode")
    /// `acceptNext` found nobody waiting.
    public static let queueEmpty = ErrorCode(rawValue: "queueEmpty")
    /// A co-browse binary frame broke the layout or a limit of
    /// `docs/protocol.md` §12.4; it was dropped.
    public static let invalidFrame = ErrorCode(rawValue: "invalidFrame")
    /// The server failed; the message may be retried (closes with 1011 when fatal).
    public static let internalError = ErrorCode(rawValue: "internalError")

    /// The raw value.
    public var description: String { rawValue }
}
