import Foundation

/// A request put to the person by an agent, with the words the prompt uses.
///
/// The prompt says who is asking and exactly what they would get: for a
/// screen share, "this app's window, with fields you keep private hidden" —
/// nothing else on the screen. The agent's name falls back to "The agent"
/// when blank.
public struct ConsentRequest: Sendable, Hashable {
    /// Names the request in the answer.
    public let id: RequestID
    /// The agent asking.
    public let agent: Agent
    /// What the agent asks for.
    public let subject: ConsentSubject

    /// The person's `videoMode`, which decides what a call would use.
    public let videoMode: VideoMode

    /// Creates a request; `videoMode` matters only for a call.
    public init(id: RequestID, agent: Agent, subject: ConsentSubject, videoMode: VideoMode = .full) {
        self.id = id
        self.agent = agent
        self.subject = subject
        self.videoMode = videoMode
    }

    /// The prompt's heading, a question naming the agent.
    public var title: String {
        switch subject {
        case .screenShare: "\(agentName) asks to see this app's window"
        case .control: "\(agentName) asks to control this app's window"
        case .push(.url): "\(agentName) sent a link"
        case .push(.document): "\(agentName) shared a document"
        case .call(.audio): "\(agentName) is calling you"
        case .call(.video): "\(agentName) is video calling you"
        }
    }

    /// The prompt's body: what the agent will see or what will open, and
    /// that the request is declined if unanswered.
    public var message: String {
        let timeout = "If you don't answer within \(ConsentPrompt.answerSeconds) seconds, the request is declined."
        switch subject {
        case .screenShare:
            return "\(agentName) will see this app's window, with fields you keep private hidden. "
                + "Nothing else on your screen is shared. \(timeout)"
        case .control:
            return "\(agentName) will be able to click and type in this app's window. \(timeout)"
        case .push(.url(let url)):
            return "Open \(url.absoluteString) in your web browser? \(timeout)"
        case .push(.document(let url, _)):
            return "Open the document \(url.lastPathComponent) in a viewer window? \(timeout)"
        case .call:
            return "\(callMediaSentence) Nothing is recorded before you answer. "
                + "If you don't answer within \(ConsentPrompt.answerSeconds) seconds, the call is declined."
        }
    }

    /// The label of the button that allows the request.
    public var acceptLabel: String {
        switch subject {
        case .screenShare, .control: "Accept"
        case .push: "Open"
        case .call: "Answer"
        }
    }

    /// The label of the button that refuses it, the default button.
    public var declineLabel: String { "Decline" }

    /// What a call would use, as the person's `videoMode` decides it
    /// (``videoMode``, §13.4 of the protocol).
    private var callMediaSentence: String {
        guard case .call(let media) = subject else { return "" }
        let tracks = CallTracks(videoMode: videoMode, media: media)
        switch (tracks.sendsVideo, tracks.receivesVideo) {
        case (true, _): return "Your microphone and camera will be on, and you will see \(agentName)."
        case (false, true): return "Your microphone will be on and you will see \(agentName); your camera stays off."
        case (false, false): return "Your microphone will be on; this is a voice call."
        }
    }

    private var agentName: String {
        let name = agent.name.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? "The agent" : name
    }
}
