/// Something the view layer shows or the application is told, published by
/// a ``SupportClient`` in the order it happened.
public enum SupportEvent: Sendable {
    /// The session moved to a new phase.
    case phaseChanged(SupportPhase)
    /// The chat changed: an entry was added or a delivery state moved.
    case transcriptChanged(ChatTranscript)
    /// An agent or the service wrote a new message (for notifications and
    /// screen readers); it is already in the transcript.
    case messageArrived(ChatEntry)
    /// The agent started typing (its name) or stopped (`nil`).
    case agentTypingChanged(String?)
    /// An agent joined the session.
    case agentJoined(Agent)
    /// The agent left the session; the person waits for another.
    case agentLeft(Agent)
    /// An agent asks for something the person must answer.
    case consentRequested(ConsentRequest)
    /// An open request closed without an answer: the agent withdrew it, left,
    /// or the session ended.
    case consentWithdrawn(RequestID)
    /// The person's window is now shown to the agent: capture starts.
    case screenShareStarted(ScreenShare)
    /// The share `RequestID` stopped: by either side, the agent leaving or
    /// the session ending. Capture stops at once.
    case screenShareEnded(RequestID)
    /// The agent got control of the shared window, or lost it; the share
    /// says which.
    case controlChanged(ScreenShare)
    /// The agent in control acts on the window: the app decides and
    /// performs it, then reports with ``SupportClient/reportInput(_:outcome:)``.
    case agentInput(id: RequestID, event: InputEvent)
    /// The next co-browse frame must be a whole picture: the agent asked, or
    /// the connection was re-established during a share.
    case keyframeRequested
    /// The agent's strokes over the window changed: show the share's
    /// ``ScreenShare/annotations``.
    case annotationsChanged(ScreenShare)
    /// A message of the call (version 3: `callRequest`, `callSignal`,
    /// `callMediaState`, `callEnd`), for the call's ``CallMachine`` to take.
    case callMessage(ServerToConsumerMessage)
    /// A step of the agent's negotiation of the video track that carries
    /// the running screen share `requestID` (§13.5), for the share's
    /// ``ScreenVideoMachine`` to take.
    case screenSignal(requestID: RequestID, signal: CallSignal)
    /// The server refused one of this app's frames (logged, not shown).
    case serverReportedProblem(ErrorReport)
}
