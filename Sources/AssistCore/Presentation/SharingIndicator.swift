import Foundation

/// The bar shown in the shared window for as long as an agent sees it: who
/// sees it, what is hidden, whether the agent may also act on it, and the
/// buttons that stop either at once.
public struct SharingIndicator: Sendable, Hashable {
    /// The headline, e.g. "Sam can see this window".
    public let title: String
    /// What the agent does and does not get.
    public let detail: String
    /// Whether the agent may also act on the window: the bar is louder, and
    /// offers to take control back.
    public let showsControl: Bool
    /// What the button does, for screen readers (its accessible description).
    public let stopDescription: String
    /// Whether the agent's drawing is on the window, so that "Clear
    /// drawing" can take it off. The button stays in place either way: the
    /// bar must not change its size, or the content under the drawing would
    /// move and wipe it.
    public let canClearDrawing: Bool

    /// The bar for `share`.
    public init(_ share: ScreenShare) {
        let trimmed = share.agent.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = trimmed.isEmpty ? localized("The agent") : trimmed
        showsControl = share.hasControl
        if share.hasControl {
            title = localized("{name} can see and control this window", ["name": name])
            detail = localized("{name} can click and type where this app allows it. Fields kept private are covered.", ["name": name])
        } else {
            title = localized("{name} can see this window", ["name": name])
            detail = localized("Only this app's window is shared, and fields kept private are covered.")
        }
        stopDescription = localized("Stop sharing this window with {name}", ["name": name])
        canClearDrawing = !share.annotations.isEmpty
    }
}
