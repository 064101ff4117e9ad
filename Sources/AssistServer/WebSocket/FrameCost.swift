/// What a frame costs against its connection's frame rate (§7.3).
enum FrameCost: Sendable, Equatable {
    /// The frame counts toward the 30 frames a second.
    case counted
    /// A bare `ack` that acknowledged frames not acknowledged before. It is
    /// free: a peer cannot send more of them than the server sent it
    /// sequenced frames, and §6.3 asks it to acknowledge promptly, so an
    /// agent working on many sessions is never slowed by its own acks.
    case acknowledgement

    /// The cost of a bare `ack` that moved the peer's acknowledgement from
    /// `acknowledgedBefore` to `acknowledgedNow`: free only if it moved.
    init(acknowledgedBefore: Int, acknowledgedNow: Int) {
        self = acknowledgedNow > acknowledgedBefore ? .acknowledgement : .counted
    }
}
