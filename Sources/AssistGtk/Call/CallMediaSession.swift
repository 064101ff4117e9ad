import AssistCore
import CGtk

/// The media of one call: the peer connection, the microphone and camera,
/// and the agent's video. Made by a ``CallMediaFactory`` when the person
/// takes a call, and stopped when it ends; nothing is captured before.
///
/// Assist's GTK layer drives it from the call's ``CallMachine``; an
/// implementation reports back through ``onEvent`` on the main thread.
@MainActor
public protocol CallMediaSession: AnyObject {
    /// Told what the media did: answers and candidates to send, the
    /// connection coming up or going down.
    var onEvent: (CallMediaEvent) -> Void { get set }
    /// Shows the agent's video.
    var remoteVideo: UnsafeMutablePointer<GtkWidget> { get }
    /// Shows what the person's camera sends.
    var selfView: UnsafeMutablePointer<GtkWidget> { get }
    /// Takes the agent's offer and answers it (``CallMediaEvent/answerCreated(sdp:)``).
    func receiveOffer(_ sdp: String) throws
    /// Adds one of the agent's ICE candidates.
    func addRemoteCandidate(_ candidate: String, sdpMLineIndex: Int) throws
    /// Unmutes or mutes the microphone.
    func setMicrophoneEnabled(_ enabled: Bool)
    /// Turns the camera's picture on or off.
    func setCameraEnabled(_ enabled: Bool)
    /// Closes the connection and releases every device; safe to call twice.
    func stop()
}

/// What a ``CallMediaSession`` reports.
public enum CallMediaEvent: Sendable, Hashable {
    /// The answer to the newest offer, to send to the agent.
    case answerCreated(sdp: String)
    /// A local ICE candidate for m-line `sdpMLineIndex`, to send; an empty
    /// `candidate` ends that m-line's candidates.
    case candidateGathered(sdpMLineIndex: Int, candidate: String)
    /// Media flows.
    case connected
    /// Media stopped flowing (ICE disconnected or failed).
    case disconnected
}

/// Makes the media of calls. An application takes calls only when one is
/// installed (``AssistSDK/callMedia``); without it the app never offers the
/// call's protocol version, so no agent can call it.
@MainActor
public protocol CallMediaFactory: AnyObject {
    /// The media for a call with `tracks`, using `iceServers`, from the
    /// devices or, with `testSources`, from a test picture and tone.
    func makeMedia(tracks: CallTracks, iceServers: [IceServer], testSources: Bool) throws -> any CallMediaSession
}
