import AssistCore

/// A session's screen share as the hub relays it (`docs/protocol.md` §12.3).
/// It holds no pixels: only what decides whether the next app frame may go
/// to the agent.
struct LiveShare {
    /// The request the consumer accepted.
    let requestID: RequestID
    /// What the consumer shows (§12.8): the app's window, which the agent
    /// may ask to control, or a monitor or window it may only see.
    let source: SharedSource
    /// The agent connection that has had a keyframe of this share, if any:
    /// only it may be sent frames that change part of the picture.
    var keyframeLink: Int?
    /// A `keyframeRequest` went to the app and its keyframe has not come yet.
    var keyframeAsked = false
    /// The control request the consumer accepted during this share, while
    /// the agent's input events may go to the app (§12.6).
    var controlRequestID: RequestID?
}
