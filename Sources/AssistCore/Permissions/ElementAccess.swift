/// What an agent may do with one element of the shared window.
public enum ElementAccess: Sendable, Hashable, CaseIterable {
    /// The agent sees a box in place of the element and cannot act on it.
    case masked
    /// The agent sees the element but cannot act on it.
    case viewOnly
    /// The agent sees the element and may act on it.
    case interactive

    /// Whether the element's pixels may be shown to the agent.
    public var isViewable: Bool { self != .masked }

    /// Whether input from the agent may reach the element.
    public var isInteractive: Bool { self == .interactive }
}
