import AssistCore
import Testing

@Suite("The person's side of a call")
struct CallMachineTests {
    static let start = ContinuousClock.now
    static let call = CallProposal(requestID: "call-1", agentID: "sam", media: .video)

    /// A machine brought to `state` by the events that lead there.
    static func machine(in state: Named, videoMode: VideoMode = .full) -> CallMachine {
        var machine = CallMachine(videoMode: videoMode)
        switch state {
        case .idle: break
        case .asked: _ = machine.ask(.video)
        case .ringing: _ = machine.callRequested(call, at: start)
        case .connecting:
            _ = machine.callRequested(call, at: start)
            _ = machine.accept(at: start)
        case .active:
            _ = machine.callRequested(call, at: start)
            _ = machine.accept(at: start)
            _ = machine.signalReceived(.offer(negotiation: 1, sdp: "offer"), for: call.requestID)
            _ = machine.mediaConnected()
        case .reconnecting:
            _ = machine.callRequested(call, at: start)
            _ = machine.accept(at: start)
            _ = machine.mediaConnected()
            _ = machine.mediaDisconnected()
        case .ended:
            _ = machine.callRequested(call, at: start)
            _ = machine.decline(at: start)
        }
        return machine
    }

    /// The states, by name, for the tables below.
    enum Named: String, CaseIterable, CustomTestStringConvertible {
        case idle, asked, ringing, connecting, active, reconnecting, ended
        var testDescription: String { rawValue }
    }

    static func name(_ state: CallMachine.State) -> Named {
        switch state {
        case .idle: .idle
        case .asked: .asked
        case .ringing: .ringing
        case .connecting: .connecting
        case .active: .active
        case .reconnecting: .reconnecting
        case .ended: .ended
        }
    }

    /// What the person may do in each state (the table of ``CallMachine``).
    static let permitted: [(Named, Set<CallIntent>)] = [
        (.idle, [.ask]),
        (.asked, [.hangUp]),
        (.ringing, [.accept, .decline]),
        (.connecting, [.hangUp, .toggleMicrophone, .toggleCamera]),
        (.active, [.hangUp, .toggleMicrophone, .toggleCamera]),
        (.reconnecting, [.hangUp, .toggleMicrophone, .toggleCamera]),
        (.ended, [.ask]),
    ]

    static func perform(_ intent: CallIntent, on machine: inout CallMachine) -> [CallAction] {
        switch intent {
        case .ask: machine.ask(.audio)
        case .accept: machine.accept(at: start)
        case .decline: machine.decline(at: start)
        case .hangUp: machine.hangUp()
        case .toggleMicrophone: machine.toggleMicrophone()
        case .toggleCamera: machine.toggleCamera()
        }
    }

    @Test("Each state permits exactly its intents, and an intent it does not permit does nothing", arguments: permitted)
    func permittedIntents(_ state: Named, _ intents: Set<CallIntent>) {
        #expect(Self.machine(in: state).permittedIntents == intents)
        for intent in CallIntent.allCases where !intents.contains(intent) {
            var machine = Self.machine(in: state)
            let before = machine.state
            #expect(Self.perform(intent, on: &machine).isEmpty, "\(intent) in \(state)")
            #expect(machine.state == before, "\(intent) in \(state)")
        }
    }

    /// Where each permitted intent leads, from each state.
    static let intentOutcomes: [(Named, CallIntent, Named)] = [
        (.idle, .ask, .asked), (.ended, .ask, .asked), (.asked, .hangUp, .idle),
        (.ringing, .accept, .connecting), (.ringing, .decline, .ended),
        (.connecting, .hangUp, .ended), (.active, .hangUp, .ended), (.reconnecting, .hangUp, .ended),
        (.connecting, .toggleMicrophone, .connecting), (.active, .toggleCamera, .active),
        (.reconnecting, .toggleMicrophone, .reconnecting),
    ]

    @Test("A permitted intent moves the call as the table says", arguments: intentOutcomes)
    func intentOutcome(_ from: Named, _ intent: CallIntent, _ to: Named) {
        var machine = Self.machine(in: from)
        #expect(!Self.perform(intent, on: &machine).isEmpty || intent == .hangUp)
        #expect(Self.name(machine.state) == to)
    }

    @Test("A call request is shown with a 30 s deadline; accepting sends the answer and starts the media")
    func acceptStartsMedia() {
        var machine = CallMachine(videoMode: .agentOnly)
        #expect(machine.callRequested(Self.call, at: Self.start) == [.showPrompt(Self.call, deadline: Self.start + .seconds(30))])
        let tracks = CallTracks(videoMode: .agentOnly, media: .video)
        #expect(
            machine.accept(at: Self.start + .seconds(29))
                == [.closePrompt, .send(.callAnswer(requestID: "call-1", accepted: true)), .startMedia(tracks)])
        #expect(machine.state == .connecting(Self.call))
        #expect(!machine.permittedIntents.contains(.toggleCamera))
    }

    @Test("The prompt declines by itself at 30 s, and an accept at the deadline is a decline")
    func promptTimesOut() {
        var machine = CallMachine(videoMode: .full)
        _ = machine.callRequested(Self.call, at: Self.start)
        #expect(machine.timeElapsed(now: Self.start + .seconds(29)).isEmpty)
        #expect(
            machine.timeElapsed(now: Self.start + .seconds(30))
                == [.closePrompt, .send(.callAnswer(requestID: "call-1", accepted: false))])
        #expect(machine.state == .ended(.declined))

        var late = CallMachine(videoMode: .full)
        _ = late.callRequested(Self.call, at: Self.start)
        #expect(late.accept(at: Self.start + .seconds(30)) == [.closePrompt, .send(.callAnswer(requestID: "call-1", accepted: false))])
    }

    @Test("An app that asked accepts a request for no more than it asked, without a prompt")
    func askedAcceptsWithoutPrompt() {
        var machine = CallMachine(videoMode: .full)
        #expect(machine.ask(.video) == [.send(.askForCall(media: .video))])
        let audio = CallProposal(requestID: "call-2", agentID: "sam", media: .audio)
        #expect(
            machine.callRequested(audio, at: Self.start)
                == [.send(.callAnswer(requestID: "call-2", accepted: true)), .startMedia(CallTracks(videoMode: .full, media: .audio))])

        var askedForVoice = CallMachine(videoMode: .full)
        _ = askedForVoice.ask(.audio)
        #expect(askedForVoice.callRequested(Self.call, at: Self.start) == [.showPrompt(Self.call, deadline: Self.start + .seconds(30))])
    }

    @Test("A second request while a call is proposed or in progress is declined at once")
    func secondRequestDeclined() {
        let other = CallProposal(requestID: "call-9", agentID: "sam", media: .audio)
        for state in [Named.ringing, .connecting, .active, .reconnecting] {
            var machine = Self.machine(in: state)
            let before = machine.state
            #expect(machine.callRequested(other, at: Self.start) == [.send(.callAnswer(requestID: "call-9", accepted: false))])
            #expect(machine.state == before)
        }
    }

    @Test("Offers of the newest negotiation are applied, older ones and the agent's answers and restarts dropped")
    func negotiationNumbers() {
        var machine = Self.machine(in: .connecting)
        #expect(machine.signalReceived(.offer(negotiation: 2, sdp: "o2"), for: "call-1") == [.applyRemoteOffer(sdp: "o2", negotiation: 2)])
        #expect(machine.signalReceived(.offer(negotiation: 1, sdp: "o1"), for: "call-1").isEmpty)
        #expect(machine.signalReceived(.candidate(negotiation: 1, sdpMLineIndex: 0, candidate: "c"), for: "call-1").isEmpty)
        #expect(
            machine.signalReceived(.candidate(negotiation: 2, sdpMLineIndex: 1, candidate: "c"), for: "call-1")
                == [.addRemoteCandidate(sdpMLineIndex: 1, candidate: "c")])
        #expect(machine.signalReceived(.answer(negotiation: 2, sdp: "a"), for: "call-1").isEmpty)
        #expect(machine.signalReceived(.restart, for: "call-1").isEmpty)
        #expect(machine.signalReceived(.offer(negotiation: 3, sdp: "o3"), for: "other").isEmpty)
        #expect(machine.localAnswerCreated(sdp: "stale", negotiation: 1).isEmpty)
        #expect(
            machine.localAnswerCreated(sdp: "a2", negotiation: 2)
                == [.send(.callSignal(requestID: "call-1", signal: .answer(negotiation: 2, sdp: "a2")))])
        #expect(
            machine.localCandidateGathered(sdpMLineIndex: 0, candidate: "")
                == [.send(.callSignal(requestID: "call-1", signal: .candidate(negotiation: 2, sdpMLineIndex: 0, candidate: "")))])
    }

    @Test("No candidate is sent before the first offer, and no signal is taken before the answer")
    func nothingBeforeItsTime() {
        var connecting = Self.machine(in: .connecting)
        #expect(connecting.localCandidateGathered(sdpMLineIndex: 0, candidate: "c").isEmpty)
        var ringing = Self.machine(in: .ringing)
        #expect(ringing.signalReceived(.offer(negotiation: 1, sdp: "o"), for: "call-1").isEmpty)
    }

    @Test("Media that stops asks for a restart, at once with the connection up, else once it resumes")
    func restartWhenMediaStops() {
        var machine = Self.machine(in: .active)
        #expect(machine.state == .active(Self.call))
        #expect(machine.mediaDisconnected() == [.send(.callSignal(requestID: "call-1", signal: .restart))])
        #expect(machine.state == .reconnecting(Self.call))
        #expect(machine.mediaConnected().isEmpty)
        #expect(machine.state == .active(Self.call))

        #expect(machine.transportLost().isEmpty)
        #expect(machine.state == .reconnecting(Self.call))
        #expect(machine.transportResumed().isEmpty)
        #expect(machine.state == .active(Self.call))

        _ = machine.transportLost()
        #expect(machine.mediaDisconnected().isEmpty)
        #expect(machine.transportResumed() == [.send(.callSignal(requestID: "call-1", signal: .restart))])
        #expect(machine.transportResumed().isEmpty)
    }

    @Test("Toggles mute the tracks and tell the agent")
    func toggles() {
        var machine = Self.machine(in: .active)
        #expect(machine.localMedia == CallMediaState(microphone: true, camera: true))
        #expect(
            machine.toggleMicrophone()
                == [.setMicrophone(false), .send(.callMediaState(requestID: "call-1", state: .init(microphone: false, camera: true)))])
        #expect(
            machine.toggleCamera()
                == [.setCamera(false), .send(.callMediaState(requestID: "call-1", state: .init(microphone: false, camera: false)))])
        let agentMuted = CallMediaState(microphone: false, camera: true)
        #expect(machine.remoteMediaStateReceived(agentMuted, for: "call-1") == [.showRemoteMediaState(agentMuted)])
        #expect(machine.remoteMediaStateReceived(agentMuted, for: "other").isEmpty)
    }

    @Test("The camera cannot be toggled when the call sends no video", arguments: [VideoMode.agentOnly, .none])
    func noCameraToggle(_ mode: VideoMode) {
        var machine = Self.machine(in: .active, videoMode: mode)
        #expect(machine.toggleCamera().isEmpty)
        #expect(machine.localMedia.camera == false)
    }

    /// How each way of ending treats each state: the reason it ends with
    /// and the actions, or `nil` when the state is left alone.
    static let endings: [(Named, CallEndReason, [CallAction]?)] = [
        (.idle, .sessionEnded, nil), (.ended, .sessionEnded, nil),
        (.asked, .sessionEnded, []), (.ringing, .sessionEnded, [.closePrompt]),
        (.connecting, .sessionEnded, [.stopMedia]), (.active, .agentLeft, [.stopMedia]),
        (.reconnecting, .agentLeft, [.stopMedia]), (.ringing, .agentLeft, [.closePrompt]),
    ]

    @Test("The session's end or the agent leaving ends a proposed or running call", arguments: endings)
    func implicitEnd(_ state: Named, _ reason: CallEndReason, _ actions: [CallAction]?) {
        var machine = Self.machine(in: state)
        let before = machine.state
        let done = reason == .agentLeft ? machine.agentLeft() : machine.sessionEnded()
        if let actions {
            #expect(done == actions)
            #expect(machine.state == .ended(reason))
        } else {
            #expect(done.isEmpty)
            #expect(machine.state == before)
        }
    }

    @Test("The server's callEnd ends the call it names, keeping an unknown reason")
    func serverEnds() {
        var machine = Self.machine(in: .active)
        #expect(machine.receive(.callEnd(requestID: "other", reason: .agentEnded), at: Self.start).isEmpty)
        let future = CallEndReason(rawValue: "futureReason")
        #expect(machine.receive(.callEnd(requestID: "call-1", reason: future), at: Self.start) == [.stopMedia])
        #expect(machine.state == .ended(future))

        var ringing = Self.machine(in: .ringing)
        #expect(ringing.receive(.callEnd(requestID: "call-1", reason: .unanswered), at: Self.start) == [.closePrompt])
        #expect(ringing.state == .ended(.unanswered))
    }

    @Test("Hanging up sends callEnd and stops the media")
    func hangUp() {
        var machine = Self.machine(in: .reconnecting)
        #expect(machine.hangUp() == [.send(.callEnd(requestID: "call-1")), .stopMedia])
        #expect(machine.state == .ended(.consumerEnded))
        #expect(machine.tracks == nil)
    }
}
