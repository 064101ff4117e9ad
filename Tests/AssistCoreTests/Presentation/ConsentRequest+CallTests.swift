import AssistCore
import Testing

/// The call prompt's words say who calls, what the person's microphone and
/// camera will do under their `videoMode` (§13.4), and that it declines by itself.
@Suite("The call prompt's words")
struct ConsentRequestCallTests {
    private func request(_ media: CallMedia, _ videoMode: VideoMode, name: String = "Casey") -> ConsentRequest {
        ConsentRequest(id: "call-1", agent: Agent(id: "casey", name: name), subject: .call(media), videoMode: videoMode)
    }

    @Test("a video call under full video says the camera will be on and the agent seen")
    func videoCallFull() {
        let prompt = request(.video, .full)
        #expect(prompt.title == "Casey is video calling you")
        #expect(prompt.message.hasPrefix("Your microphone and camera will be on, and you will see Casey."))
        #expect(prompt.acceptLabel == "Answer")
        #expect(prompt.declineLabel == "Decline")
    }

    @Test("a video call under agentOnly says the camera stays off")
    func videoCallAgentOnly() {
        #expect(request(.video, .agentOnly).message.hasPrefix(
            "Your microphone will be on and you will see Casey; your camera stays off."))
    }

    @Test("a video call under none, and any voice call, is a voice call")
    func voiceCalls() {
        for (media, mode) in [(CallMedia.video, VideoMode.none), (.audio, .full), (.audio, .agentOnly), (.audio, .none)] {
            #expect(request(media, mode).message.hasPrefix("Your microphone will be on; this is a voice call."))
        }
        #expect(request(.audio, .full).title == "Casey is calling you")
    }

    @Test("the prompt says nothing is recorded before an answer and that it declines after 30 seconds")
    func timeoutSentence() {
        let message = request(.video, .full).message
        #expect(message.contains("Nothing is recorded before you answer."))
        #expect(message.hasSuffix("If you don't answer within 30 seconds, the call is declined."))
    }

    @Test("a blank agent name reads as The agent")
    func blankName() {
        #expect(request(.audio, .full, name: "  ").title == "The agent is calling you")
    }
}
