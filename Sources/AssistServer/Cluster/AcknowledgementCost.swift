import AssistCore
import Foundation

/// Prices frames against the rate limit on a node that forwards them to the
/// leader, as the hub would (``FrameCost``): a bare `ack` that acknowledges
/// more than the connection's acks before it is free, anything else counts.
struct AcknowledgementCost {
    private struct BareAcknowledgement: Decodable {
        var type: String
        var ack: Int?
        var seq: Int?
    }

    /// The highest acknowledgement a bare `ack` on the connection carried.
    private var highest = 0

    /// The cost of `message`, remembering the acknowledgement it carries.
    mutating func cost(of message: InboundFrame) -> FrameCost {
        guard case .text(let data) = message, data.count < 200,
            let frame = try? JSONDecoder().decode(BareAcknowledgement.self, from: data),
            frame.type == "ack", frame.seq == nil, let ack = frame.ack
        else { return .counted }
        defer { highest = max(highest, ack) }
        return FrameCost(acknowledgedBefore: highest, acknowledgedNow: ack)
    }
}
