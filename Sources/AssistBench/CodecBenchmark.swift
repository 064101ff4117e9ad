import AssistCore
import Foundation

/// How long the protocol codec takes for a chat frame, against Foundation's
/// bare JSON parsing and writing of the same frame (no validation at all).
enum CodecBenchmark {
    private static let chatText = String(repeating: "Could you look at the export settings? ", count: 8)

    private static func chatEnvelope() -> Envelope<ConsumerMessage> {
        Envelope(
            .chat(clientMessageID: ClientMessageID("7f3c9a52-1d4e-4b8a-9c61-2e0f5b7d8a11"), text: chatText),
            seq: 12, ack: 7)
    }

    /// Decoding one consumer chat frame.
    static func decode(iterations: Int = 20_000) throws -> BenchmarkResult {
        let frame = try ProtocolCodec.encode(chatEnvelope())
        let bytes = Data(frame.utf8)
        var sink = 0
        let measured = LatencySample.measure(iterations: iterations) {
            if let envelope = try? ProtocolCodec.decode(.text(bytes), as: ConsumerMessage.self) {
                sink &+= envelope.seq ?? 0
            }
        }
        let baseline = LatencySample.measure(iterations: iterations) {
            if let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] {
                sink &+= object.count
            }
        }
        precondition(sink > 0)
        return BenchmarkResult(
            name: "codec decode",
            detail: "consumer chat frame, \(bytes.count) bytes, fully validated",
            measured: measured,
            baselineName: "JSONSerialization parse only",
            baseline: baseline)
    }

    /// Encoding one consumer chat frame.
    static func encode(iterations: Int = 20_000) throws -> BenchmarkResult {
        let envelope = chatEnvelope()
        let dictionary: [String: Any] = [
            "v": 1, "type": "chat", "seq": 12, "ack": 7,
            "body": ["clientMessageId": "7f3c9a52-1d4e-4b8a-9c61-2e0f5b7d8a11", "text": chatText],
        ]
        var sink = 0
        let measured = LatencySample.measure(iterations: iterations) {
            sink &+= (try? ProtocolCodec.encode(envelope))?.utf8.count ?? 0
        }
        let baseline = LatencySample.measure(iterations: iterations) {
            sink &+= (try? JSONSerialization.data(withJSONObject: dictionary, options: [.sortedKeys]))?.count ?? 0
        }
        precondition(sink > 0)
        return BenchmarkResult(
            name: "codec encode",
            detail: "consumer chat frame, checked against the limits",
            measured: measured,
            baselineName: "JSONSerialization write, sorted keys",
            baseline: baseline)
    }
}
