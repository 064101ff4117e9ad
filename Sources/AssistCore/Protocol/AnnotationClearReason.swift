/// Why the app took strokes of the agent's off the window
/// (`docs/protocol.md` §12.7).
public enum AnnotationClearReason: String, Sendable, Hashable, CaseIterable {
    /// What was drawn under them changed, and the configuration does not
    /// keep annotations on change (`keepAnnotationsOnChange`).
    case contentChanged
    /// The person cleared them.
    case person
    /// The agent drew more than ``AnnotationBoard/capacity`` strokes; the
    /// oldest went.
    case tooMany
}
