/// What the driver of a ``CallMachine`` does after an event, in order.
///
/// The driver is the app's call controller: it owns the WebRTC engine, the
/// prompt and the session's connection, and reports back what they do
/// (``CallMachine/localAnswerCreated(sdp:negotiation:)``,
/// ``CallMachine/mediaConnected()``, …).
public enum CallAction: Sendable, Hashable {
    /// Show the call prompt for `proposal`, counting down to `deadline`, when
    /// the prompt declines by itself: call ``CallMachine/timeElapsed(now:)`` then.
    case showPrompt(CallProposal, deadline: ContinuousClock.Instant)
    /// Take the call prompt away (answered, timed out, withdrawn).
    case closePrompt
    /// Send this message on the session's connection (`callAnswer`,
    /// `askForCall`, `callSignal`, `callMediaState` or `callEnd`).
    case send(ConsumerMessage)
    /// Open the microphone (and the camera when `tracks.sendsVideo`), and
    /// make the peer connection with the `welcome`'s ICE servers and one
    /// audio and one video transceiver set to `tracks`'s directions. Nothing
    /// is captured before this action.
    case startMedia(CallTracks)
    /// Set the agent's offer as the remote description (restarting ICE if
    /// it says so), create the answer with the transceivers' directions,
    /// set it as the local description and report it with
    /// ``CallMachine/localAnswerCreated(sdp:negotiation:)`` and this `negotiation`.
    case applyRemoteOffer(sdp: String, negotiation: Int)
    /// Add the agent's ICE candidate for m-line `sdpMLineIndex`; an empty
    /// `candidate` ends that m-line's candidates.
    case addRemoteCandidate(sdpMLineIndex: Int, candidate: String)
    /// Unmute (`true`) or mute (`false`) the microphone track.
    case setMicrophone(Bool)
    /// Turn the camera track on or off.
    case setCamera(Bool)
    /// Show that the agent's microphone or camera is on or off.
    case showRemoteMediaState(CallMediaState)
    /// Close the peer connection and release the microphone and the camera.
    case stopMedia
}
