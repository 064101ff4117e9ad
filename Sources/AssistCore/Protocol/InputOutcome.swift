/// What the app did with an agent's input event (`docs/protocol.md` §12.6).
public enum InputOutcome: String, Sendable, Hashable, CaseIterable {
    /// The app performed it.
    case performed
    /// The agent may see the widget but not act on it.
    case notInteractive
    /// The agent may not see what is there.
    case masked
    /// No widget there takes this input (or no text field has the focus).
    case nothingThere
    /// The app holds no control grant for the agent.
    case noControl
}
