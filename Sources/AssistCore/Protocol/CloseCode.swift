/// A WebSocket close code the protocol uses.
public struct CloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The numeric code sent in the close frame.
    public let rawValue: UInt16

    /// Wraps a numeric close code.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the session ended normally (after `sessionEnded`).
    public static let normal = CloseCode(rawValue: 1000)
    /// 1001: the endpoint is going away (server shutdown, app quitting).
    public static let goingAway = CloseCode(rawValue: 1001)
    /// 1002: the WebSocket framing was broken (RFC 6455), e.g. a continuation
    /// frame with no message to continue.
    public static let protocolError = CloseCode(rawValue: 1002)
    /// 1003: a binary frame arrived where only text frames are expected.
    public static let unsupportedData = CloseCode(rawValue: 1003)
    /// 1007: the frame was not valid UTF-8, not JSON, or had no valid envelope.
    public static let invalidPayload = CloseCode(rawValue: 1007)
    /// 1008: the peer broke a protocol rule.
    public static let policyViolation = CloseCode(rawValue: 1008)
    /// 1009: the frame was larger than ``ProtocolLimits/maxTextFrameBytes``.
    public static let messageTooBig = CloseCode(rawValue: 1009)
    /// 1011: the server failed.
    public static let internalError = CloseCode(rawValue: 1011)
    /// 4001: no protocol version is common to both peers.
    public static let unsupportedVersion = CloseCode(rawValue: 4001)
    /// 4002: the resume token is unknown or expired, or the messages to replay are gone.
    public static let resumeRejected = CloseCode(rawValue: 4002)
    /// 4003: the agent's token was not accepted.
    public static let authenticationFailed = CloseCode(rawValue: 4003)
    /// 4004: a sequence number was skipped; reconnect and resume to resynchronise.
    public static let sequenceGap = CloseCode(rawValue: 4004)

    /// Whether a client should reconnect and `resume` after this close:
    /// true for ``goingAway``, ``internalError`` and ``sequenceGap``. A
    /// connection lost without a close frame is resumable too.
    public var allowsResume: Bool {
        self == .goingAway || self == .internalError || self == .sequenceGap
    }

    /// The numeric code as text.
    public var description: String { String(rawValue) }
}
