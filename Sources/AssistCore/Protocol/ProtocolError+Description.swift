extension ProtocolError: CustomStringConvertible {
    /// One sentence for logs and for the `message` of an `error` frame.
    public var description: String {
        switch kind {
        case .frameTooLarge(let byteCount):
            "The frame has \(byteCount) bytes; the limit is \(ProtocolLimits.maxTextFrameBytes)."
        case .binaryFrameTooLarge(let byteCount):
            "The binary frame has \(byteCount) bytes; the limit is \(CobrowseFrameCodec.maxMessageBytes)."
        case .unexpectedBinaryFrame:
            "A binary frame arrived where a text frame was expected."
        case .invalidUTF8:
            "The text frame is not valid UTF-8."
        case .malformedJSON:
            "The text frame is not valid JSON."
        case .notAnObject:
            "The frame is not a JSON object."
        case .invalidEnvelope(let field, let problem):
            "Envelope member \(field): \(problem)."
        case .unsupportedVersion(let version):
            "Protocol version \(version) is not supported; supported: \(ProtocolVersion.supported)."
        case .unknownType(let type):
            "Unknown message type \"\(type)\"."
        case .invalidMessage(let field, let problem):
            "Member \(field): \(problem)."
        case .invalidValue(let field, let problem):
            "Value of \(field): \(problem)."
        case .sequenceGap(let expected, let received):
            "Expected seq \(expected) but received \(received)."
        case .invalidAcknowledgement(let ack, let lastSent):
            "Acknowledged seq \(ack), but the last seq sent is \(lastSent)."
        case .replayUnavailable(let after, let firstRetained):
            "Cannot replay after seq \(after); the oldest frame kept is \(firstRetained)."
        case .replayBeyondSent(let after, let lastSent):
            "Cannot replay after seq \(after); the last seq sent is \(lastSent)."
        case .sendBufferFull(let capacity):
            "\(capacity) frames await acknowledgement."
        }
    }
}
