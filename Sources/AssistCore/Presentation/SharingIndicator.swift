import Foundation

/// The bar shown in the shared window for as long as an agent sees it: who
/// sees it and what — this window, the whole screen or the window the
/// person chose — what is hidden, whether the agent may also act on it, and the
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
    /// Whether the agent can draw at all: on the app's own window, not on a
    /// shared screen (`docs/protocol.md` §12.8), so "Clear drawing" is shown
    /// only then.
    public let offersDrawing: Bool

    /// The bar for `share`.
    public init(_ share: ScreenShare) {
        let trimmed = share.agent.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = trimmed.isEmpty ? localized("The agent") : trimmed
        showsControl = share.hasControl
        switch share.source {
        case .monitor:
            (title, detail) =
                share.hasControl
                ? (localized("{name} can see and use your whole screen", ["name": name]), Self.screenControlSentence(name: name))
                : (
                    localized("{name} can see your whole screen", ["name": name]),
                    localized("Everything on this screen is shared. Parts of this app kept private are covered, on your screen too.")
                )
            stopDescription = localized("Stop sharing your screen with {name}", ["name": name])
        case .window:
            (title, detail) =
                share.hasControl
                ? (localized("{name} can see and use the window you chose", ["name": name]), Self.screenControlSentence(name: name))
                : (
                    localized("{name} can see the window you chose", ["name": name]),
                    localized("Only the window you chose is shared. Parts of this app kept private are covered, on your screen too.")
                )
            stopDescription = localized("Stop sharing the window with {name}", ["name": name])
        case .appWindow:
            (title, detail) = Self.appWindowWords(name: name, control: share.hasControl)
            stopDescription = localized("Stop sharing this window with {name}", ["name": name])
        }
        canClearDrawing = !share.annotations.isEmpty
        offersDrawing = share.source == .appWindow
    }

    /// What the bar says while the agent uses the person's pointer and
    /// keyboard on a shared screen or window (§12.9).
    private static func screenControlSentence(name: String) -> String {
        localized(
            "{name} moves your pointer and types where you share, never in this app. “Take back control” or Ctrl+Shift+Escape ends it at once.",
            ["name": name])
    }

    private static func appWindowWords(name: String, control: Bool) -> (title: String, detail: String) {
        if control {
            (
                localized("{name} can see and control this window", ["name": name]),
                localized("{name} can click and type where this app allows it. Fields kept private are covered.", ["name": name])
            )
        } else {
            (
                localized("{name} can see this window", ["name": name]),
                localized("Only this app's window is shared, and fields kept private are covered.")
            )
        }
    }
}
