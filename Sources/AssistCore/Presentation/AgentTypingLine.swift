import Foundation

/// The line under the chat saying the agent is typing.
public enum AgentTypingLine {
    /// "Alex is typing…" while the agent named `agentName` types, "The agent
    /// is typing…" when the name is blank, and `nil` (no line) when nobody
    /// types.
    public static func text(agentName: String?) -> String? {
        guard let agentName else { return nil }
        let name = agentName.trimmingCharacters(in: .whitespacesAndNewlines)
        return localized("{name} is typing…", ["name": name.isEmpty ? localized("The agent") : name])
    }
}
