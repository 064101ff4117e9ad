extension ProtocolError {
    /// What the receiver does: answer with an `error` frame, or close.
    public var disposition: ProtocolDisposition {
        switch kind {
        case .unknownType, .invalidMessage, .invalidValue:
            .errorFrame(code: code)
        case .frameTooLarge:
            .close(code: .messageTooBig, reason: "frame larger than \(ProtocolLimits.maxTextFrameBytes) bytes")
        case .binaryFrameTooLarge:
            .close(code: .messageTooBig, reason: "binary frame larger than \(CobrowseFrameCodec.maxMessageBytes) bytes")
        case .unexpectedBinaryFrame:
            .close(code: .unsupportedData, reason: "binary frames are not accepted here")
        case .invalidUTF8:
            .close(code: .invalidPayload, reason: "text frame is not UTF-8")
        case .malformedJSON:
            .close(code: .invalidPayload, reason: "text frame is not JSON")
        case .notAnObject:
            .close(code: .invalidPayload, reason: "frame is not a JSON object")
        case .invalidEnvelope:
            .close(code: .invalidPayload, reason: "invalid envelope")
        case .unsupportedVersion:
            .close(code: .unsupportedVersion, reason: "unsupported protocol version")
        case .sequenceGap:
            .close(code: .sequenceGap, reason: "sequence gap; resume to resynchronise")
        case .invalidAcknowledgement:
            .close(code: .policyViolation, reason: "acknowledged a frame never sent")
        case .replayUnavailable, .replayBeyondSent:
            .close(code: .resumeRejected, reason: "cannot replay from that point")
        case .sendBufferFull:
            .close(code: .policyViolation, reason: "too many unacknowledged frames")
        }
    }

    /// The code of the `error` frame that reports this error.
    public var code: ErrorCode {
        switch kind {
        case .frameTooLarge, .binaryFrameTooLarge: .frameTooLarge
        case .unexpectedBinaryFrame: .unsupportedData
        case .invalidUTF8, .malformedJSON, .notAnObject, .invalidEnvelope: .malformedFrame
        case .unsupportedVersion: .unsupportedVersion
        case .unknownType: .unknownType
        case .invalidMessage: .invalidMessage
        case .invalidValue: .invalidValue
        case .sequenceGap: .sequenceGap
        case .invalidAcknowledgement, .sendBufferFull: .protocolViolation
        case .replayUnavailable, .replayBeyondSent: .resumeRejected
        }
    }

    /// The body of the `error` frame that reports this error to the peer.
    public var report: ErrorReport {
        ErrorReport(code: code, message: description, refType: frame?.type, refSeq: frame?.seq)
    }
}
