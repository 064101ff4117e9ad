import Foundation

/// Turns envelopes into text frames and frames back into envelopes.
///
/// Decoding never traps: every bad frame becomes a ``ProtocolError`` whose
/// ``ProtocolError/disposition`` says what to do. Encoding refuses what the
/// peer would reject, so a frame this codec writes always decodes.
public enum ProtocolCodec {
    /// The text of a frame carrying `envelope`.
    ///
    /// - Throws: ``ProtocolError`` with ``ProtocolError/Kind/unsupportedVersion(_:)``
    ///   for a version this build does not speak,
    ///   ``ProtocolError/Kind/invalidEnvelope(field:problem:)`` when `seq` is
    ///   missing on a sequenced message, present on another, or out of range,
    ///   ``ProtocolError/Kind/invalidValue(field:problem:)`` when a value breaks
    ///   a limit, and ``ProtocolError/Kind/frameTooLarge(byteCount:)`` when the
    ///   text would exceed ``ProtocolLimits/maxTextFrameBytes``.
    public static func encode<Message: WireMessage>(_ envelope: Envelope<Message>) throws(ProtocolError) -> String {
        let header = envelope.header
        guard ProtocolVersion.isSupported(envelope.version) else {
            throw ProtocolError(.unsupportedVersion(envelope.version), frame: header)
        }
        if envelope.message.isSequenced != (envelope.seq != nil) {
            let problem = envelope.message.isSequenced ? "is required for type \(header.type)" : "is not allowed for type \(header.type)"
            throw ProtocolError(.invalidEnvelope(field: "seq", problem: problem), frame: header)
        }
        for (field, value, minimum) in [("seq", envelope.seq, 1), ("ack", envelope.ack, 0)] {
            if let value, let problem = WireRule.integer(value, min: minimum) {
                throw ProtocolError(.invalidEnvelope(field: field, problem: problem), frame: header)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(EnvelopeEncoding(envelope: envelope))
        } catch let problem as ValueProblem {
            throw ProtocolError(.invalidValue(field: problem.field, problem: problem.problem), frame: header)
        } catch let EncodingError.invalidValue(_, context) {
            throw ProtocolError(
                .invalidValue(field: context.codingPath.wirePath, problem: context.debugDescription), frame: header)
        } catch {
            throw ProtocolError(.invalidValue(field: "body", problem: "\(error)"), frame: header)
        }
        guard data.count <= ProtocolLimits.maxTextFrameBytes else {
            throw ProtocolError(.frameTooLarge(byteCount: data.count), frame: header)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The envelope in a text frame received as a string (already UTF-8).
    public static func decode<Message: WireMessage>(
        text: String, as type: Message.Type = Message.self
    ) throws(ProtocolError) -> Envelope<Message> {
        try decode(.text(Data(text.utf8)), as: type)
    }

    /// The envelope in `frame`.
    ///
    /// Checks, in order: the frame is text, at most
    /// ``ProtocolLimits/maxTextFrameBytes``, valid UTF-8, JSON, an object;
    /// then `v`, `type`, `seq`, `ack`; then the body.
    public static func decode<Message: WireMessage>(
        _ frame: InboundFrame, as type: Message.Type = Message.self
    ) throws(ProtocolError) -> Envelope<Message> {
        let data: Data
        switch frame {
        case .binary:
            throw ProtocolError(.unexpectedBinaryFrame)
        case .text(let payload):
            data = payload
        }
        guard data.count <= ProtocolLimits.maxTextFrameBytes else {
            throw ProtocolError(.frameTooLarge(byteCount: data.count))
        }
        guard String(validating: data, as: UTF8.self) != nil else {
            throw ProtocolError(.invalidUTF8)
        }
        do {
            return try JSONDecoder().decode(EnvelopeDecoding<Message>.self, from: data).envelope
        } catch let error as ProtocolError {
            throw error
        } catch DecodingError.dataCorrupted {
            throw ProtocolError(.malformedJSON)
        } catch {
            throw ProtocolError(.notAnObject)
        }
    }
}
