import AssistCore

/// The video track that carries a shared screen to the agent
/// (`docs/protocol.md` §13.5): one peer connection that answers the agent's
/// offer and sends the pictures it is given, VP8. Made by a
/// ``ScreenVideoFactory`` for each offer, stopped when the share ends or
/// the track stops.
///
/// Assist's GTK layer drives it from the share's ``ScreenVideoMachine``; an
/// implementation reports back through ``onEvent`` on the main thread.
@MainActor
public protocol ScreenVideoSession: AnyObject {
    /// Told what the connection did: its answer and candidates to send,
    /// media flowing or stopped.
    var onEvent: (CallMediaEvent) -> Void { get set }
    /// Takes the agent's offer and answers it (``CallMediaEvent/answerCreated(sdp:)``).
    func receiveOffer(_ sdp: String) throws
    /// Adds one of the agent's ICE candidates.
    func addRemoteCandidate(_ candidate: String, sdpMLineIndex: Int) throws
    /// Encodes and sends `picture` (B, G, R, A, as ``PixelBuffer`` says)
    /// as the track's next frame, at its own size.
    func send(_ picture: PixelBuffer)
    /// Makes the track's next frame a key frame of what is shown now, even
    /// when the screen does not change.
    func requestKeyframe()
    /// Closes the connection; safe to call twice.
    func stop()
}

/// Makes the video tracks of shared screens. A call media factory that is
/// one too (AssistCall's `GStreamerCallMedia`) lets the app offer the
/// screen as a track; without one the screen always goes as tiles.
@MainActor
public protocol ScreenVideoFactory: AnyObject {
    /// A connection for one offer of the agent's, using `iceServers`.
    func makeScreenVideo(iceServers: [IceServer]) throws -> any ScreenVideoSession
}
