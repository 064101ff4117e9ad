import AssistCore
import Testing

@Suite("Which path a shared screen's pictures take: tiles or the video track (protocol §13.5)")
struct ScreenVideoMachineTests {
    @Test("a share starts with tiles, answers the agent's offer, and stops tiles once the track is connected")
    func offerAnsweredThenConnected() {
        var machine = ScreenVideoMachine()
        #expect(machine.sendsTiles)
        #expect(machine.received(.offer(negotiation: 1, sdp: "offer-1")) == [.answer(offer: "offer-1")])
        #expect(machine.answerCreated("answer-1") == [.send(.answer(negotiation: 1, sdp: "answer-1"))])
        #expect(
            machine.candidateGathered("candidate:1", sdpMLineIndex: 0)
                == [.send(.candidate(negotiation: 1, sdpMLineIndex: 0, candidate: "candidate:1"))])
        #expect(machine.sendsTiles)  // not before media flows
        #expect(machine.mediaConnected() == [])
        #expect(!machine.sendsTiles)
    }

    @Test("the agent's candidates of the newest offer are added; older, empty and premature ones are dropped")
    func candidates() {
        var machine = ScreenVideoMachine()
        #expect(machine.received(.candidate(negotiation: 1, sdpMLineIndex: 0, candidate: "early")) == [])
        _ = machine.received(.offer(negotiation: 2, sdp: "offer-2"))
        #expect(
            machine.received(.candidate(negotiation: 2, sdpMLineIndex: 0, candidate: "c"))
                == [.addCandidate("c", sdpMLineIndex: 0)])
        #expect(machine.received(.candidate(negotiation: 1, sdpMLineIndex: 0, candidate: "old")) == [])
        #expect(machine.received(.candidate(negotiation: 2, sdpMLineIndex: 0, candidate: "")) == [])
    }

    @Test("an offer no newer than the newest is dropped; a newer one replaces the connection and brings tiles back until it connects")
    func newerOfferReplaces() {
        var machine = ScreenVideoMachine()
        _ = machine.received(.offer(negotiation: 1, sdp: "offer-1"))
        _ = machine.mediaConnected()
        #expect(machine.received(.offer(negotiation: 1, sdp: "again")) == [])
        #expect(machine.received(.offer(negotiation: 2, sdp: "offer-2")) == [.resumeTiles, .answer(offer: "offer-2")])
        #expect(machine.sendsTiles)
        #expect(machine.negotiation == 2)
    }

    @Test("when the track's media stops, tiles resume with a keyframe and the agent is asked to offer again, once")
    func mediaLost() {
        var machine = ScreenVideoMachine()
        _ = machine.received(.offer(negotiation: 1, sdp: "offer-1"))
        _ = machine.mediaConnected()
        #expect(machine.mediaLost() == [.resumeTiles, .stopMedia, .send(.restart)])
        #expect(machine.sendsTiles)
        #expect(machine.mediaLost() == [])
        #expect(machine.answerCreated("late") == [])  // the stopped connection's answer is not sent
    }

    @Test("a connection that fails before it connects leaves the tiles as they were and asks for a new offer")
    func failedBeforeConnecting() {
        var machine = ScreenVideoMachine()
        _ = machine.received(.offer(negotiation: 1, sdp: "offer-1"))
        #expect(machine.mediaLost() == [.stopMedia, .send(.restart)])
    }

    @Test("the share's end closes the connection, and nothing is done after it")
    func shareEnded() {
        var machine = ScreenVideoMachine()
        #expect(machine.shareEnded() == [])
        var sharing = ScreenVideoMachine()
        _ = sharing.received(.offer(negotiation: 1, sdp: "offer-1"))
        _ = sharing.mediaConnected()
        #expect(sharing.shareEnded() == [.stopMedia])
        #expect(sharing.received(.offer(negotiation: 2, sdp: "offer-2")) == [])
        #expect(sharing.mediaConnected() == [])
        #expect(sharing.shareEnded() == [])
    }

    @Test("the agent's answer or restart means nothing to the app")
    func agentSignalsTheAppIgnores() {
        var machine = ScreenVideoMachine()
        #expect(machine.received(.answer(negotiation: 1, sdp: "x")) == [])
        #expect(machine.received(.restart) == [])
    }
}
