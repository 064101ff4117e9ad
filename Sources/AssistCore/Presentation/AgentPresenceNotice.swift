import Foundation

/// The card shown in the window when an agent joins or leaves the session.
public struct AgentPresenceNotice: Sendable, Hashable {
    /// The headline, e.g. "Alex joined the chat".
    public let title: String
    /// What it means for the person.
    public let detail: String

    /// The notice for `agent` joining.
    public init(joined agent: Agent) {
        let name = Self.name(of: agent)
        title = localized("{name} joined the chat", ["name": name])
        detail = localized("You can now chat with {name}.", ["name": name])
    }

    /// The notice for `agent` leaving; the person waits for another.
    public init(left agent: Agent) {
        title = localized("{name} left the chat", ["name": Self.name(of: agent)])
        detail = localized("You are waiting for another agent.")
    }

    /// The notice that the screen is not shown, and why (the desktop could
    /// not share it).
    public init(screenNotShared error: ScreenChoiceError) {
        title = localized("Your screen is not shared")
        detail = error.sentence
    }

    /// The notice that the agent cannot use the mouse and keyboard, and why.
    public init(controlNotGiven error: ScreenControlError) {
        title = localized("Your mouse and keyboard stay yours")
        detail = error.sentence
    }

    private static func name(of agent: Agent) -> String {
        let name = agent.name.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? localized("The agent") : name
    }
}
