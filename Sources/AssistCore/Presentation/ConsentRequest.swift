import Foundation

/// A request put to the person by an agent, with the words the prompt uses.
///
/// The prompt says who is asking and exactly what they would get: for a
/// screen share of the app's window, "this app's window, with fields you keep
/// private hidden" — nothing else on the screen; for the screen, that the
/// desktop's own dialog comes next and the agent sees only what the person
/// picks there. The agent's name falls back to "The agent" when blank.
public struct ConsentRequest: Sendable, Hashable {
    /// Names the request in the answer.
    public let id: RequestID
    /// The agent asking.
    public let agent: Agent
    /// What the agent asks for.
    public let subject: ConsentSubject

    /// The person's `videoMode`, which decides what a call would use.
    public let videoMode: VideoMode
    /// How the person picks what to show for a request for the screen:
    /// the desktop's dialog, or the whole screen with no dialog.
    public var screenPick: ScreenPick

    /// Creates a request; `videoMode` matters only for a call, and
    /// `screenPick` only for a request for the screen.
    public init(
        id: RequestID, agent: Agent, subject: ConsentSubject, videoMode: VideoMode = .full,
        screenPick: ScreenPick = .desktopDialog
    ) {
        self.id = id
        self.agent = agent
        self.subject = subject
        self.videoMode = videoMode
        self.screenPick = screenPick
    }

    /// The prompt's heading, a question naming the agent.
    public var title: String {
        switch subject {
        case .screenShare(.window): localized("{name} asks to see this app's window", ["name": agentName])
        case .screenShare(.screen): localized("{name} asks to see your screen", ["name": agentName])
        case .control(.window): localized("{name} asks to control this app's window", ["name": agentName])
        case .control(.screen): localized("{name} asks to use your mouse and keyboard", ["name": agentName])
        case .push(.url): localized("{name} sent a link", ["name": agentName])
        case .push(.document): localized("{name} shared a document", ["name": agentName])
        case .call(.audio): localized("{name} is calling you", ["name": agentName])
        case .call(.video): localized("{name} is video calling you", ["name": agentName])
        }
    }

    /// The prompt's body: what the agent will see or what will open, and
    /// that the request is declined if unanswered.
    public var message: String {
        let timeout = localizedPlural(
            "If you don't answer within {count} second, the request is declined.",
            "If you don't answer within {count} seconds, the request is declined.", count: ConsentPrompt.answerSeconds)
        switch subject {
        case .screenShare(.screen) where screenPick == .wholeScreen:
            return localized(
                "This desktop has no dialog to choose from, so {name} sees your whole screen as soon as you accept. Parts of this app you keep private stay hidden, on your screen too.",
                ["name": agentName]) + " " + timeout
        case .screenShare(.screen):
            return localized(
                "You choose a screen or a window next; {name} sees only what you choose. Parts of this app you keep private stay hidden, on your screen too.",
                ["name": agentName]) + " " + timeout
        case .screenShare(.window):
            return localized(
                "{name} will see this app's window, with fields you keep private hidden. Nothing else on your screen is shared.",
                ["name": agentName]) + " " + timeout
        case .control(.window):
            return localized("{name} will be able to click and type in this app's window.", ["name": agentName]) + " " + timeout
        case .control(.screen):
            return localized(
                "{name} will be able to click and type in what you share. The desktop asks you next: allow remote interaction there. To take control back at any time, press “Take back control” or Ctrl+Shift+Escape; this app's own windows never take {name}'s input.",
                ["name": agentName]) + " " + timeout
        case .push(.url(let url)):
            return localized("Open {address} in your web browser?", ["address": url.absoluteString]) + " " + timeout
        case .push(.document(let url, _)):
            return localized("Open the document {name} in a viewer window?", ["name": url.lastPathComponent]) + " " + timeout
        case .call:
            return callMediaSentence + " " + localizedPlural(
                "Nothing is recorded before you answer. If you don't answer within {count} second, the call is declined.",
                "Nothing is recorded before you answer. If you don't answer within {count} seconds, the call is declined.",
                count: ConsentPrompt.answerSeconds)
        }
    }

    /// The label of the button that allows the request.
    public var acceptLabel: String {
        switch subject {
        case .screenShare(.screen): screenPick == .wholeScreen ? localized("Share Whole Screen") : localized("Choose What to Share…")
        case .screenShare(.window), .control(.window): localized("Accept")
        case .control(.screen): localized("Continue…")
        case .push: localized("Open")
        case .call: localized("Answer")
        }
    }

    /// Whether the prompt offers to remember the person's pick in the
    /// desktop's dialog for this support server (a request for the screen).
    public var offersToRememberChoice: Bool { subject == .screenShare(.screen) && screenPick == .desktopDialog }

    /// The label of the check box that remembers the pick.
    public var rememberChoiceLabel: String { localized("_Remember my choice for this support server") }

    /// The label of the button that refuses it, the default button.
    public var declineLabel: String { localized("Decline") }

    /// What a call would use, as the person's `videoMode` decides it
    /// (``videoMode``, §13.4 of the protocol).
    private var callMediaSentence: String {
        guard case .call(let media) = subject else { return "" }
        let tracks = CallTracks(videoMode: videoMode, media: media)
        switch (tracks.sendsVideo, tracks.receivesVideo) {
        case (true, _): return localized("Your microphone and camera will be on, and you will see {name}.", ["name": agentName])
        case (false, true): return localized("Your microphone will be on and you will see {name}; your camera stays off.", ["name": agentName])
        case (false, false): return localized("Your microphone will be on; this is a voice call.")
        }
    }

    private var agentName: String {
        let name = agent.name.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? localized("The agent") : name
    }
}
