/// The person's side of a call (`docs/protocol.md` §13), as a state machine
/// in the swift-nio style: each event is a `mutating func` returning the
/// ``CallAction``s the driver performs, in order. It does no I/O and reads
/// no clock: times are passed in, and the driver schedules
/// ``timeElapsed(now:)`` at a prompt's deadline.
///
/// Who may do what, by ``State``:
///
/// | State | The person may | The agent's messages taken |
/// |---|---|---|
/// | ``State/idle``, ``State/ended(_:)`` | ask | `callRequest` (prompt) |
/// | ``State/asked(_:)`` | hang up (takes the ask back, locally) | `callRequest` (accepted without a prompt when it asks for no more than the person did) |
/// | ``State/ringing(_:)`` | accept, decline | `callEnd` of that call |
/// | ``State/connecting(_:)``, ``State/active(_:)``, ``State/reconnecting(_:)`` | hang up, toggle the microphone, toggle the camera (when video is sent) | `callSignal` `offer` and `candidate` of the newest negotiation, `callMediaState`, `callEnd` of that call |
///
/// Everything else is ignored and returns no action: a signal for another
/// request or of an older negotiation, an `answer` or `restart` from the
/// agent (the person's side only answers), a second `callRequest` while a
/// call is proposed or in progress (declined at once), an intent that
/// ``permittedIntents`` does not hold.
public struct CallMachine: Sendable {
    /// Where the call stands.
    public enum State: Sendable, Hashable {
        /// No call and no ask.
        case idle
        /// The person asked for a call with this media; no request came yet.
        case asked(CallMedia)
        /// The agent's request is shown, awaiting the person's answer.
        case ringing(CallProposal)
        /// Accepted; the media is being negotiated and has not flowed yet.
        case connecting(CallProposal)
        /// Media flows and the session's connection is up.
        case active(CallProposal)
        /// Media flowed, then stopped (ICE failed) or the session's
        /// connection dropped; renegotiating.
        case reconnecting(CallProposal)
        /// The call is over; a new one may be asked for or proposed.
        case ended(CallEndReason)
    }

    /// Whole seconds the person has to answer a call before it declines.
    public static let answerSeconds = ConsentPrompt.answerSeconds
    /// How long the person has to answer a call before it declines.
    public static let answerTimeout = Duration.seconds(answerSeconds)

    /// The person's `videoMode`, which decides what the call sends (§13.4).
    public let videoMode: VideoMode
    /// Where the call stands.
    public private(set) var state = State.idle
    /// What the call sends and receives, once accepted.
    public private(set) var tracks: CallTracks?
    /// The person's microphone and camera, as last told to the agent.
    public private(set) var localMedia = CallMediaState(microphone: true, camera: false)
    /// When the shown prompt declines by itself.
    public private(set) var deadline: ContinuousClock.Instant?
    /// The newest offer's `negotiation` seen in this call; 0 before the first.
    public private(set) var newestNegotiation = 0

    private var mediaFlowing = false
    private var mediaHasFlowed = false
    private var transportUp = true

    /// A machine with no call, for a person whose app runs in `videoMode`.
    public init(videoMode: VideoMode) {
        self.videoMode = videoMode
    }

    /// The call proposed or in progress, if any.
    public var proposal: CallProposal? {
        switch state {
        case .ringing(let call), .connecting(let call), .active(let call), .reconnecting(let call): call
        case .idle, .asked, .ended: nil
        }
    }

    /// What the person may do now.
    public var permittedIntents: Set<CallIntent> {
        switch state {
        case .idle, .ended: [.ask]
        case .asked: [.hangUp]
        case .ringing: [.accept, .decline]
        case .connecting, .active, .reconnecting:
            tracks?.sendsVideo == true ? [.hangUp, .toggleMicrophone, .toggleCamera] : [.hangUp, .toggleMicrophone]
        }
    }

    // MARK: The agent's messages

    /// Takes a call message from the server (``SupportEvent/callMessage(_:)``);
    /// any other message returns no action.
    public mutating func receive(_ message: ServerToConsumerMessage, at now: ContinuousClock.Instant) -> [CallAction] {
        switch message {
        case .callRequest(let requestID, let agentID, let media):
            callRequested(CallProposal(requestID: requestID, agentID: agentID, media: media), at: now)
        case .callSignal(let requestID, let signal):
            signalReceived(signal, for: requestID)
        case .callMediaState(let requestID, let media):
            remoteMediaStateReceived(media, for: requestID)
        case .callEnd(let requestID, let reason):
            endReceived(reason, for: requestID)
        default:
            []
        }
    }

    /// The agent proposes a call (`callRequest`). Shown as a prompt, or
    /// accepted at once when the person asked for this much (§13.3); a
    /// request while another call is proposed or in progress is declined.
    public mutating func callRequested(_ call: CallProposal, at now: ContinuousClock.Instant) -> [CallAction] {
        switch state {
        case .idle, .ended:
            state = .ringing(call)
            deadline = now.advanced(by: Self.answerTimeout)
            return [.showPrompt(call, deadline: now.advanced(by: Self.answerTimeout))]
        case .asked(let asked) where call.media == .audio || asked == .video:
            return start(call)
        case .asked:
            state = .ringing(call)
            deadline = now.advanced(by: Self.answerTimeout)
            return [.showPrompt(call, deadline: now.advanced(by: Self.answerTimeout))]
        case .ringing(let current), .connecting(let current), .active(let current), .reconnecting(let current):
            guard current.requestID != call.requestID else { return [] }
            return [.send(.callAnswer(requestID: call.requestID, accepted: false))]
        }
    }

    /// A `callSignal` from the agent: offers and candidates of the newest
    /// negotiation are applied; everything else is dropped.
    public mutating func signalReceived(_ signal: CallSignal, for requestID: RequestID) -> [CallAction] {
        guard isInCall, proposal?.requestID == requestID else { return [] }
        switch signal {
        case .offer(let negotiation, let sdp):
            guard negotiation >= newestNegotiation else { return [] }
            newestNegotiation = negotiation
            return [.applyRemoteOffer(sdp: sdp, negotiation: negotiation)]
        case .candidate(let negotiation, let index, let candidate):
            guard negotiation == newestNegotiation else { return [] }
            return [.addRemoteCandidate(sdpMLineIndex: index, candidate: candidate)]
        case .answer, .restart:
            return []
        }
    }

    /// The agent's microphone or camera changed (`callMediaState`).
    public mutating func remoteMediaStateReceived(_ media: CallMediaState, for requestID: RequestID) -> [CallAction] {
        guard isInCall, proposal?.requestID == requestID else { return [] }
        return [.showRemoteMediaState(media)]
    }

    /// The server ended the call (`callEnd`): the agent hung up or withdrew
    /// it, nobody answered in time, or the session's state ended it. An
    /// unknown reason is kept as it came (``CallEndReason/isKnown``).
    public mutating func endReceived(_ reason: CallEndReason, for requestID: RequestID) -> [CallAction] {
        guard proposal?.requestID == requestID else { return [] }
        return finish(reason)
    }

    /// The session ended: a proposed or running call ends with it.
    public mutating func sessionEnded() -> [CallAction] {
        finish(.sessionEnded)
    }

    /// The agent left the session: a proposed or running call ends with it.
    public mutating func agentLeft() -> [CallAction] {
        finish(.agentLeft)
    }

    // MARK: The person

    /// The person asks the agent to call (`askForCall`).
    public mutating func ask(_ media: CallMedia) -> [CallAction] {
        guard permittedIntents.contains(.ask) else { return [] }
        state = .asked(media)
        return [.send(.askForCall(media: media))]
    }

    /// The person pressed Accept at `now`; at or after the deadline the
    /// answer is already Decline.
    public mutating func accept(at now: ContinuousClock.Instant) -> [CallAction] {
        guard case .ringing(let call) = state else { return [] }
        if let deadline, now >= deadline { return decline(at: now) }
        return [.closePrompt] + start(call)
    }

    /// The person pressed Decline or closed the prompt.
    public mutating func decline(at now: ContinuousClock.Instant) -> [CallAction] {
        guard case .ringing(let call) = state else { return [] }
        state = .ended(.declined)
        deadline = nil
        return [.closePrompt, .send(.callAnswer(requestID: call.requestID, accepted: false))]
    }

    /// Time passed; at or after the prompt's deadline the call declines.
    public mutating func timeElapsed(now: ContinuousClock.Instant) -> [CallAction] {
        guard case .ringing = state, let deadline, now >= deadline else { return [] }
        return decline(at: now)
    }

    /// The person hangs up a call, or takes back an ask no call answered yet
    /// (nothing is sent then: the protocol has no message for it).
    public mutating func hangUp() -> [CallAction] {
        switch state {
        case .asked:
            state = .idle
            return []
        case .connecting(let call), .active(let call), .reconnecting(let call):
            return [.send(.callEnd(requestID: call.requestID))] + finish(.consumerEnded)
        case .idle, .ringing, .ended:
            return []
        }
    }

    /// The person muted or unmuted the microphone.
    public mutating func toggleMicrophone() -> [CallAction] {
        guard permittedIntents.contains(.toggleMicrophone), let call = proposal else { return [] }
        localMedia.microphone.toggle()
        return [.setMicrophone(localMedia.microphone), .send(.callMediaState(requestID: call.requestID, state: localMedia))]
    }

    /// The person turned the camera off or on; impossible when the call sends no video.
    public mutating func toggleCamera() -> [CallAction] {
        guard permittedIntents.contains(.toggleCamera), let call = proposal else { return [] }
        localMedia.camera.toggle()
        return [.setCamera(localMedia.camera), .send(.callMediaState(requestID: call.requestID, state: localMedia))]
    }

    // MARK: The engine and the connection

    /// The engine answered offer `negotiation`: the answer goes to the agent,
    /// unless a newer offer came meanwhile.
    public mutating func localAnswerCreated(sdp: String, negotiation: Int) -> [CallAction] {
        guard isInCall, let call = proposal, negotiation == newestNegotiation else { return [] }
        return [.send(.callSignal(requestID: call.requestID, signal: .answer(negotiation: negotiation, sdp: sdp)))]
    }

    /// The engine gathered an ICE candidate (empty: the end of an m-line's
    /// candidates); it belongs to the newest negotiation.
    public mutating func localCandidateGathered(sdpMLineIndex: Int, candidate: String) -> [CallAction] {
        guard isInCall, let call = proposal, newestNegotiation > 0 else { return [] }
        let signal = CallSignal.candidate(
            negotiation: newestNegotiation, sdpMLineIndex: sdpMLineIndex, candidate: candidate)
        return [.send(.callSignal(requestID: call.requestID, signal: signal))]
    }

    /// Media flows (ICE connected).
    public mutating func mediaConnected() -> [CallAction] {
        guard isInCall else { return [] }
        mediaFlowing = true
        mediaHasFlowed = true
        settle()
        return []
    }

    /// Media stopped (ICE disconnected or failed): the agent is asked to
    /// offer again with an ICE restart, now if the session's connection is
    /// up, else once it is back (``transportResumed()``).
    public mutating func mediaDisconnected() -> [CallAction] {
        guard isInCall, mediaFlowing else { return [] }
        mediaFlowing = false
        settle()
        return transportUp ? restart() : []
    }

    /// The session's connection dropped: signals cannot pass until it resumes.
    public mutating func transportLost() -> [CallAction] {
        transportUp = false
        if isInCall { settle() }
        return []
    }

    /// The session's connection resumed: if the media is not flowing, the
    /// agent is asked to offer again (§13.3).
    public mutating func transportResumed() -> [CallAction] {
        guard !transportUp else { return [] }
        transportUp = true
        guard isInCall else { return [] }
        settle()
        return mediaFlowing ? [] : restart()
    }

    // MARK: Transitions

    private var isInCall: Bool {
        switch state {
        case .connecting, .active, .reconnecting: true
        case .idle, .asked, .ringing, .ended: false
        }
    }

    private mutating func start(_ call: CallProposal) -> [CallAction] {
        let tracks = CallTracks(videoMode: videoMode, media: call.media)
        self.tracks = tracks
        state = .connecting(call)
        deadline = nil
        newestNegotiation = 0
        mediaFlowing = false
        mediaHasFlowed = false
        localMedia = CallMediaState(microphone: true, camera: tracks.sendsVideo)
        return [.send(.callAnswer(requestID: call.requestID, accepted: true)), .startMedia(tracks)]
    }

    private mutating func settle() {
        guard let call = proposal else { return }
        if !mediaHasFlowed {
            state = .connecting(call)
        } else if mediaFlowing && transportUp {
            state = .active(call)
        } else {
            state = .reconnecting(call)
        }
    }

    private func restart() -> [CallAction] {
        guard let call = proposal else { return [] }
        return [.send(.callSignal(requestID: call.requestID, signal: .restart))]
    }

    private mutating func finish(_ reason: CallEndReason) -> [CallAction] {
        let actions: [CallAction]
        switch state {
        case .idle, .ended:
            return []
        case .asked:
            actions = []
        case .ringing:
            actions = [.closePrompt]
        case .connecting, .active, .reconnecting:
            actions = [.stopMedia]
        }
        state = .ended(reason)
        deadline = nil
        tracks = nil
        mediaFlowing = false
        return actions
    }
}
