import AssistCore
import Foundation

/// The properties every text frame of one direction has, whatever its bytes.
public enum EnvelopeProperties {
    /// Decodes `bytes` as a text frame of `Message` and checks:
    /// - a frame that decodes re-encodes, and the re-encoded text decodes to
    ///   an equal envelope and encodes to the same text again (round trip);
    /// - a frame that does not decode fails with a ``ProtocolError`` of a
    ///   kind decoding produces (never one of the channel's), whose `error`
    ///   frame for the peer encodes and decodes with the same code and
    ///   references.
    public static func check<Message: WireMessage>(_ bytes: [UInt8], as type: Message.Type) {
        let envelope: Envelope<Message>
        do {
            envelope = try ProtocolCodec.decode(.text(Data(bytes)), as: Message.self)
        } catch {
            checkReported(error, as: Message.self)
            return
        }
        let text: String
        do {
            text = try ProtocolCodec.encode(envelope)
        } catch {
            fuzzCheck(false, "a decoded \(envelope.header.type) frame does not re-encode: \(error)")
            return
        }
        do {
            let again = try ProtocolCodec.decode(text: text, as: Message.self)
            fuzzCheck(again == envelope, "round trip changed the envelope: \(envelope) became \(again) via \(text)")
            let textAgain = try ProtocolCodec.encode(again)
            fuzzCheck(textAgain == text, "re-encoding is not stable: \(text) became \(textAgain)")
        } catch {
            fuzzCheck(false, "a re-encoded frame does not decode: \(error) in \(text)")
        }
    }

    private static func checkReported<Message: WireMessage>(_ error: ProtocolError, as type: Message.Type) {
        switch error.kind {
        case .frameTooLarge, .invalidUTF8, .malformedJSON, .notAnObject, .invalidEnvelope, .unsupportedVersion,
            .unknownType, .invalidMessage, .invalidValue:
            break
        case .unexpectedBinaryFrame, .binaryFrameTooLarge, .sequenceGap, .invalidAcknowledgement, .replayUnavailable,
            .replayBeyondSent, .sendBufferFull:
            fuzzCheck(false, "decoding a text frame gave a channel error: \(error)")
        }
        let report = error.report
        do {
            let text = try ProtocolCodec.encode(Envelope(Message.error(report)))
            let echoed = try ProtocolCodec.decode(text: text, as: Message.self)
            fuzzCheck(
                echoed.message == Message.error(
                    ErrorReport(
                        code: report.code,
                        message: String(String.UnicodeScalarView(report.message.unicodeScalars.prefix(ProtocolLimits.maxNotice))),
                        refType: report.refType, refSeq: report.refSeq)),
                "the error frame for \(error) came back as \(echoed)")
        } catch {
            fuzzCheck(false, "the error frame for a bad frame cannot be sent: \(error)")
        }
    }
}
