/// Reads a whole frame: the envelope members in order (`v` first, so that a
/// frame of an unknown version is reported as such), then the message.
struct EnvelopeDecoding<Message: WireMessage>: Decodable {
    /// The frame that was read.
    let envelope: Envelope<Message>

    init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        let version = try Self.envelopeMember { try Self.version(reader) }
        guard ProtocolVersion.isSupported(version) else { throw ProtocolError(.unsupportedVersion(version)) }
        let type = try Self.envelopeMember { try reader.text("type", max: ProtocolLimits.maxIdentifier) }
        let seq = try Self.envelopeMember { try reader.integerIfPresent("seq", min: 1) }
        let ack = try Self.envelopeMember { try reader.integerIfPresent("ack") }
        let header = FrameHeader(type: type, seq: seq, ack: ack)
        let message: Message
        do {
            message = try Message(from: decoder)
        } catch let unknown as UnknownMessageType {
            throw ProtocolError(.unknownType(unknown.type), frame: header)
        } catch let problem as ValueProblem {
            throw ProtocolError(.invalidValue(field: problem.field, problem: problem.problem), frame: header)
        } catch let missing as MissingMember {
            throw ProtocolError(.invalidMessage(field: missing.field, problem: missing.problem), frame: header)
        } catch let error as DecodingError {
            let field = error.wireField(fallback: "body")
            let kind: ProtocolError.Kind =
                error.isAboutValue
                ? .invalidValue(field: field, problem: error.wireProblem)
                : .invalidMessage(field: field, problem: error.wireProblem)
            throw ProtocolError(kind, frame: header)
        }
        if message.isSequenced != (seq != nil) {
            let problem = message.isSequenced ? "is required for type \(type)" : "is not allowed for type \(type)"
            throw ProtocolError(.invalidEnvelope(field: "seq", problem: problem), frame: header)
        }
        envelope = Envelope(message, seq: seq, ack: ack, version: version)
    }

    private static func version(_ reader: WireReader) throws -> Int {
        guard try reader.has("v") else { throw reader.problem("v", "is missing") }
        guard let version = WireRule.wholeNumber(try reader.decode("v", as: Double.self)) else {
            throw reader.problem("v", "must be a whole number")
        }
        return version
    }

    /// Runs `read`, reporting any failure as an invalid envelope.
    private static func envelopeMember<Value>(_ read: () throws -> Value) throws -> Value {
        do {
            return try read()
        } catch let problem as ValueProblem {
            throw ProtocolError(.invalidEnvelope(field: problem.field, problem: problem.problem))
        } catch let error as DecodingError {
            throw ProtocolError(.invalidEnvelope(field: error.wireField(fallback: "envelope"), problem: error.wireProblem))
        }
    }
}
