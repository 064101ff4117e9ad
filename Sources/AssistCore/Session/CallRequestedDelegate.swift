/// Lets the application decide whether to take an agent's call, instead of
/// the default call prompt — in the seed's style: when the application
/// supplies it, Assist shows no prompt of its own for calls.
@MainActor
public protocol CallRequestedDelegate: AnyObject, Sendable {
    /// Asked when `agent` calls with `media` (voice, or voice and video as
    /// far as the configuration's `videoMode` allows). Return `true` to take
    /// the call. An answer after the call was withdrawn or ended is ignored.
    func assistSDKCallRequested(by agent: Agent, media: CallMedia) async -> Bool
}
