import AssistCore
import Foundation

/// What one node of a cluster tells another about a connection, over the
/// direct link between them (``NodeLinks``, ``AddressedMail/wire``).
///
/// Nodes that are not the leader hold connections and forward what happens
/// on them to the leader, whose hub decides (`opened` … `closed`); the
/// leader sends back what each connection is to write (`write`).
enum ClusterMail: Sendable, Equatable {
    /// A connection came in on the sender's `role` endpoint from `address`.
    case opened(role: PeerRole, address: String)
    /// A message arrived on the connection.
    case frame(InboundFrame)
    /// A chat message arrived on the connection, and the sender masked
    /// `kinds` in its text before forwarding it (``ChatFrameMasking``): the
    /// re-encoded text frame.
    case maskedFrame(Data, kinds: [SensitiveDataKind])
    /// A message too large to read arrived: a text one when `text`.
    case tooLarge(text: Bool, byteCount: Int)
    /// The connection closed.
    case closed
    /// Forget every connection the sender forwarded before (``ClusterForwarder/start()``).
    case reset
    /// The connection is to write this (leader to the connection's node).
    case write(LinkOutput)

    /// The mail's kind, as the link carries it.
    var kind: Int16 {
        switch self {
        case .opened: 1
        case .frame(.text): 2
        case .frame(.binary): 3
        case .tooLarge: 4
        case .closed: 5
        case .reset: 6
        case .maskedFrame: 7
        case .write(.text): 11
        case .write(.binary): 12
        case .write(.close): 13
        }
    }

    /// The mail's contents, as the link carries them.
    var body: [UInt8] {
        switch self {
        case .opened(let role, let address): [role == .agent ? 1 : 0] + Array(address.utf8)
        case .frame(.text(let data)), .frame(.binary(let data)): Array(data)
        case .tooLarge(let text, let byteCount): [text ? 1 : 0] + BigEndianBytes.of(UInt64(byteCount))
        case .closed, .reset: []
        case .maskedFrame(let frame, let kinds):
            Array(kinds.map(\.wireName).joined(separator: "\n").utf8) + [0] + Array(frame)
        case .write(.text(let text)): Array(text.utf8)
        case .write(.binary(let bytes)): bytes
        case .write(.close(let code, let reason)): BigEndianBytes.of(UInt64(code.rawValue)) + Array(reason.utf8)
        }
    }

    /// The mail a `kind` and `body` read from a link hold; `nil` for
    /// a kind this server does not know or a body too short for its kind.
    init?(kind: Int16, body: [UInt8]) {
        switch kind {
        case 1:
            guard let first = body.first else { return nil }
            self = .opened(role: first == 1 ? .agent : .consumer, address: String(decoding: body.dropFirst(), as: UTF8.self))
        case 2: self = .frame(.text(Data(body)))
        case 3: self = .frame(.binary(Data(body)))
        case 4:
            guard body.count == 9 else { return nil }
            self = .tooLarge(text: body[0] == 1, byteCount: Int(BigEndianBytes.number(in: body[1...])))
        case 5: self = .closed
        case 6: self = .reset
        case 7:
            guard let end = body.firstIndex(of: 0) else { return nil }
            let names = String(decoding: body[..<end], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            self = .maskedFrame(Data(body[(end + 1)...]), kinds: names.map { SensitiveDataKind(wireName: String($0)) })
        case 11: self = .write(.text(String(decoding: body, as: UTF8.self)))
        case 12: self = .write(.binary(body))
        case 13:
            guard body.count >= 8 else { return nil }
            let code = CloseCode(rawValue: UInt16(truncatingIfNeeded: BigEndianBytes.number(in: body[0..<8])))
            self = .write(.close(code, String(decoding: body[8...], as: UTF8.self)))
        default: return nil
        }
    }
}
