import Foundation

/// A WebSocket data frame as it arrived, before decoding.
public enum InboundFrame: Sendable, Hashable {
    /// A text frame's payload bytes, which must be UTF-8.
    case text(Data)
    /// A binary frame's payload. Reserved for co-browse frames in a later
    /// version; rejected where a text frame is expected.
    case binary(Data)
}
