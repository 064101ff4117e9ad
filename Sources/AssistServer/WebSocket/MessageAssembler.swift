import AssistCore
import Foundation

/// Joins WebSocket data frames into messages, keeping their bytes exactly as
/// they arrived.
///
/// The server reads frames, not the library's messages, so that a text
/// message that is not UTF-8 reaches the hub as bytes and is answered as
/// §7.2 says (`malformedFrame`, 1007) instead of being repaired or refused
/// below the protocol. Pure: no I/O, tested on its own.
struct MessageAssembler {
    /// What one frame completed.
    enum Outcome: Equatable {
        /// The frame was part of a message still coming.
        case incomplete
        /// A whole message.
        case message(InboundFrame)
        /// The message grew past its limit (§1, §9): refuse it; read no more.
        case tooLarge(ProtocolError)
        /// The frames broke WebSocket's fragmentation rules (RFC 6455 §5.4):
        /// a continuation with nothing to continue, or a new message before
        /// the last one ended. Close with 1002; read no more.
        case brokenFragmentation
    }

    /// The kind of data frame, as RFC 6455 names them.
    enum Opcode {
        case text
        case binary
        case continuation
    }

    /// The largest text message, in bytes (§1: 65,536).
    let maxTextBytes: Int
    /// The largest binary message, in bytes (§12.4: 4 MiB).
    let maxBinaryBytes: Int
    private var partial: (isText: Bool, bytes: Data)?

    /// An assembler that refuses text over `maxTextBytes` and binary over `maxBinaryBytes`.
    init(maxTextBytes: Int = ProtocolLimits.maxTextFrameBytes, maxBinaryBytes: Int = CobrowseFrameCodec.maxMessageBytes) {
        self.maxTextBytes = maxTextBytes
        self.maxBinaryBytes = maxBinaryBytes
    }

    /// Adds one data frame: its opcode, payload and FIN bit.
    mutating func add(_ opcode: Opcode, payload: some Collection<UInt8>, isFinal: Bool) -> Outcome {
        var message: (isText: Bool, bytes: Data)
        switch (opcode, partial) {
        case (.text, nil): message = (true, Data())
        case (.binary, nil): message = (false, Data())
        case (.continuation, let started?): message = started
        case (.continuation, nil), (.text, _?), (.binary, _?):
            partial = nil
            return .brokenFragmentation
        }
        partial = nil
        let limit = message.isText ? maxTextBytes : maxBinaryBytes
        let size = message.bytes.count + payload.count
        guard size <= limit else {
            return .tooLarge(ProtocolError(message.isText ? .frameTooLarge(byteCount: size) : .binaryFrameTooLarge(byteCount: size)))
        }
        message.bytes.append(contentsOf: payload)
        guard isFinal else {
            partial = message
            return .incomplete
        }
        return .message(message.isText ? .text(message.bytes) : .binary(message.bytes))
    }
}
