/// Something the person may do about a call; ``CallMachine/permittedIntents``
/// says which are possible now, so the app enables exactly those controls.
public enum CallIntent: Sendable, Hashable, CaseIterable {
    /// Ask the agent to call (``CallMachine/ask(_:)``).
    case ask
    /// Accept the call shown in the prompt.
    case accept
    /// Decline the call shown in the prompt.
    case decline
    /// Hang up, or take back an ask that no call answered yet.
    case hangUp
    /// Mute or unmute the microphone.
    case toggleMicrophone
    /// Turn the camera off or on; only when the call sends video.
    case toggleCamera
}
