/// What the driver of a ``ConsentPrompt`` does after an event.
public enum ConsentPromptAction: Sendable, Hashable {
    /// Nothing: the event changed nothing.
    case none
    /// Close the prompt and send this answer to the server; `false` also
    /// when the time ran out.
    case sendAnswer(accepted: Bool)
    /// Close the prompt and send nothing: the request was withdrawn.
    case closeWithoutAnswer
}
