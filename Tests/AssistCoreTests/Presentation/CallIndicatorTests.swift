import AssistCore
import Testing

@Suite("What the app shows of a call")
struct CallIndicatorTests {
    private let proposal = CallProposal(requestID: "call-1", agentID: "casey", media: .video)
    private let start = ContinuousClock.now

    private func accepted(_ videoMode: VideoMode, media: CallMedia = .video) -> CallMachine {
        var machine = CallMachine(videoMode: videoMode)
        let call = CallProposal(requestID: "call-1", agentID: "casey", media: media)
        _ = machine.callRequested(call, at: start)
        _ = machine.accept(at: start)
        return machine
    }

    @Test("nothing shows without a call, while the prompt is up, or after the end")
    func nothingWithoutACall() {
        var machine = CallMachine(videoMode: .full)
        #expect(CallIndicator(machine: machine, agentName: "Casey") == nil)
        _ = machine.callRequested(proposal, at: start)
        #expect(CallIndicator(machine: machine, agentName: "Casey") == nil)
        _ = machine.decline(at: start)
        #expect(CallIndicator(machine: machine, agentName: "Casey") == nil)
    }

    @Test("an ask shows who was asked and a Cancel, and nothing is live")
    func asked() throws {
        var machine = CallMachine(videoMode: .full)
        _ = machine.ask(.video)
        let shown = try #require(CallIndicator(machine: machine, agentName: "Casey"))
        #expect(shown.title == "You asked Casey for a video call")
        #expect(shown.hangUpLabel == "Cancel" && shown.showsHangUp)
        #expect(shown.liveSign.isEmpty && !shown.showsMicrophone && !shown.showsCamera)
    }

    @Test("a connecting video call under full video: microphone and camera live, both toggles, no video yet")
    func connectingFull() throws {
        let shown = try #require(CallIndicator(machine: accepted(.full), agentName: "Casey"))
        #expect(shown.title == "Connecting the call with Casey…")
        #expect(shown.liveSign == "Microphone and camera on")
        #expect(shown.showsMicrophone && shown.showsCamera && shown.showsHangUp)
        #expect(!shown.showsAgentVideo)
    }

    @Test("an active call shows the agent's video unless videoMode is none; the camera only under full")
    func activeByVideoMode() throws {
        for (mode, video, camera, sign) in [
            (VideoMode.full, true, true, "Microphone and camera on"), (.agentOnly, true, false, "Microphone on"),
            (.none, false, false, "Microphone on"),
        ] {
            var machine = accepted(mode)
            _ = machine.mediaConnected()
            let shown = try #require(CallIndicator(machine: machine, agentName: "Casey"))
            #expect(shown.title == (video ? "Video call with Casey" : "Call with Casey"), "\(mode)")
            #expect(shown.showsAgentVideo == video, "\(mode)")
            #expect(shown.showsCamera == camera, "\(mode)")
            #expect(shown.liveSign == sign, "\(mode)")
        }
    }

    @Test("muting changes the live sign and the button's label; turning the camera off too")
    func toggles() throws {
        var machine = accepted(.full)
        _ = machine.mediaConnected()
        _ = machine.toggleMicrophone()
        var shown = try #require(CallIndicator(machine: machine, agentName: "Casey"))
        #expect(shown.liveSign == "Camera on" && shown.microphoneLabel == "Unmute")
        _ = machine.toggleCamera()
        shown = try #require(CallIndicator(machine: machine, agentName: "Casey"))
        #expect(shown.liveSign.isEmpty && shown.cameraLabel == "Camera on")
    }

    @Test("what the agent turned off is said in a sentence")
    func agentMedia() throws {
        var machine = accepted(.full)
        _ = machine.mediaConnected()
        func detail(_ microphone: Bool, _ camera: Bool) throws -> String {
            try #require(CallIndicator(
                machine: machine, agentName: "Casey", agentMedia: CallMediaState(microphone: microphone, camera: camera)))
                .detail
        }
        #expect(try detail(false, true) == "Casey muted their microphone.")
        #expect(try detail(true, false) == "Casey turned their camera off.")
        #expect(try detail(false, false) == "Casey muted their microphone and turned their camera off.")
        #expect(try detail(true, true) == "")
    }

    @Test("a lost connection shows the call reconnecting")
    func reconnecting() throws {
        var machine = accepted(.full)
        _ = machine.mediaConnected()
        _ = machine.mediaDisconnected()
        #expect(try #require(CallIndicator(machine: machine, agentName: "Casey")).title
            == "The call with Casey is reconnecting…")
        _ = machine.mediaConnected()
        #expect(try #require(CallIndicator(machine: machine, agentName: "")).title == "Video call with the agent")
    }
}
