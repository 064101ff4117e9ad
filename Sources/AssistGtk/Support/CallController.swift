import AssistCore
import CGtk
import Foundation

/// Runs the person's side of calls in a support session: takes the call's
/// messages into its ``CallMachine`` and performs what it decides — the
/// prompt (Assist's own or the application's ``CallRequestedDelegate``), the
/// messages to the agent, the media from the installed ``CallMediaFactory``,
/// the ``CallBar`` and the ``AgentVideoWindow``.
@MainActor
final class CallController {
    /// Sends a message of the call on the session's connection.
    var send: (ConsumerMessage) -> Void = { _ in }
    /// The ICE servers the server named in its `welcome`.
    var iceServers: () async -> [IceServer] = { [] }
    /// The name of the agent the person is with.
    var agentName: () -> String = { "" }
    /// Called after every change of the call's state.
    var onStateChanged: () -> Void = {}
    /// The call's media started with these tracks, or stopped (`nil`).
    var onMediaChanged: (CallTracks?) -> Void = { _ in }

    private let configuration: Configuration
    private let factory: any CallMediaFactory
    private let bar: CallBar
    private let prompts: ConsentCoordinator
    private var machine: CallMachine
    private var media: (any CallMediaSession)?
    /// Engine actions that came while the media was being made, in order.
    private var waitingForMedia: [CallAction]?
    /// The offer the engine is answering.
    private var answering = 0
    private var videoWindow: AgentVideoWindow?
    private var agentMedia: CallMediaState?
    /// The request whose prompt is up.
    private var prompted: RequestID?

    /// A controller for calls with `configuration`, using `factory`'s media,
    /// showing the call in `bar` and its prompt over `parent()`.
    init(
        configuration: Configuration, factory: any CallMediaFactory, bar: CallBar,
        parent: @escaping () -> UnsafeMutablePointer<GtkWindow>?, linkSource: UnsafeMutablePointer<GtkWidget>
    ) {
        self.configuration = configuration
        self.factory = factory
        self.bar = bar
        machine = CallMachine(videoMode: configuration.videoMode)
        prompts = ConsentCoordinator(configuration: configuration, parent: parent, linkSource: linkSource)
        prompts.onAnswer = { [weak self] _, accepted in self?.answered(accepted) }
        bar.onToggleMicrophone = { [weak self] in self?.apply { $0.toggleMicrophone() } }
        bar.onToggleCamera = { [weak self] in self?.apply { $0.toggleCamera() } }
        bar.onHangUp = { [weak self] in self?.apply { $0.hangUp() } }
    }

    /// Whether the person may ask for a call now.
    var canAsk: Bool { machine.permittedIntents.contains(.ask) }

    /// The person asks the agent to call: with video unless the
    /// configuration's `videoMode` is `none`.
    func ask() {
        let media: CallMedia = configuration.videoMode == .none ? .audio : .video
        apply { $0.ask(media) }
    }

    /// A call message from the agent (``SupportEvent/callMessage(_:)``).
    func receive(_ message: ServerToConsumerMessage) {
        if case .callMediaState(_, let state) = message { agentMedia = state }
        apply { $0.receive(message, at: .now) }
    }

    /// The session's connection went down (`false`) or came back (`true`).
    func connectionChanged(isUp: Bool) {
        apply { isUp ? $0.transportResumed() : $0.transportLost() }
    }

    /// The agent left the session: its call ends.
    func agentLeft() {
        apply { $0.agentLeft() }
    }

    /// The session ended: its call ends, and every device is let go.
    func sessionEnded() {
        apply { $0.sessionEnded() }
    }

    // MARK: Performing the machine's actions

    private func apply(_ event: (inout CallMachine) -> [CallAction]) {
        let actions = event(&machine)
        for action in actions { perform(action) }
        render()
    }

    private func perform(_ action: CallAction) {
        switch action {
        case .showPrompt(let proposal, _):
            prompted = proposal.requestID
            let agent = Agent(id: proposal.agentID, name: agentName())
            prompts.present(
                ConsentRequest(
                    id: proposal.requestID, agent: agent, subject: .call(proposal.media),
                    videoMode: configuration.videoMode))
        case .closePrompt:
            if let prompted { prompts.withdraw(prompted) }
            prompted = nil
        case .send(let message):
            send(message)
        case .startMedia(let tracks):
            startMedia(tracks)
        case .applyRemoteOffer, .addRemoteCandidate, .setMicrophone, .setCamera:
            if waitingForMedia != nil {
                waitingForMedia?.append(action)
            } else {
                performOnMedia(action)
            }
        case .showRemoteMediaState(let state):
            agentMedia = state
        case .stopMedia:
            stopMedia()
        }
    }

    private func answered(_ accepted: Bool) {
        if accepted { MomentReporter.report("call-answered") }
        apply { accepted ? $0.accept(at: .now) : $0.decline(at: .now) }
    }

    private func startMedia(_ tracks: CallTracks) {
        onMediaChanged(tracks)
        waitingForMedia = []
        agentMedia = nil
        Task { [weak self] in
            guard let self else { return }
            let servers = await iceServers()
            guard let waiting = waitingForMedia else { return }  // the call ended meanwhile
            do {
                let made = try factory.makeMedia(
                    tracks: tracks, iceServers: servers, testSources: configuration.useTestMediaSources)
                made.onEvent = { [weak self] event in self?.mediaReported(event) }
                media = made
                waitingForMedia = nil
                if tracks.receivesVideo { showVideo(made, sendsVideo: tracks.sendsVideo) }
                for action in waiting { performOnMedia(action) }
            } catch {
                waitingForMedia = nil
                FileHandle.standardError.write(Data("assist: the call's media could not start: \(error)\n".utf8))
                apply { $0.hangUp() }
            }
            render()
        }
    }

    private func performOnMedia(_ action: CallAction) {
        guard let media else { return }
        do {
            switch action {
            case .applyRemoteOffer(let sdp, let negotiation):
                answering = negotiation
                try media.receiveOffer(sdp)
            case .addRemoteCandidate(let index, let candidate):
                try media.addRemoteCandidate(candidate, sdpMLineIndex: index)
            case .setMicrophone(let on):
                media.setMicrophoneEnabled(on)
            case .setCamera(let on):
                media.setCameraEnabled(on)
            default:
                break
            }
        } catch {
            FileHandle.standardError.write(Data("assist: the call's media refused the agent's \(action): \(error)\n".utf8))
        }
    }

    private func mediaReported(_ event: CallMediaEvent) {
        switch event {
        case .answerCreated(let sdp):
            let negotiation = answering
            apply { $0.localAnswerCreated(sdp: sdp, negotiation: negotiation) }
        case .candidateGathered(let index, let candidate):
            apply { $0.localCandidateGathered(sdpMLineIndex: index, candidate: candidate) }
        case .connected:
            apply { $0.mediaConnected() }
        case .disconnected:
            apply { $0.mediaDisconnected() }
        }
    }

    private func showVideo(_ media: any CallMediaSession, sendsVideo: Bool) {
        let window = AgentVideoWindow(
            agentName: agentName(), remoteVideo: media.remoteVideo, selfView: sendsVideo ? media.selfView : nil,
            keepAbove: configuration.isAgentWindowOnTop)
        videoWindow = window
        window.present()
    }

    private func stopMedia() {
        if media != nil || waitingForMedia != nil { onMediaChanged(nil) }
        waitingForMedia = nil
        media?.stop()
        media = nil
        videoWindow?.close()
        videoWindow = nil
        agentMedia = nil
    }

    private func render() {
        bar.render(CallIndicator(machine: machine, agentName: agentName(), agentMedia: agentMedia))
        onStateChanged()
    }
}
