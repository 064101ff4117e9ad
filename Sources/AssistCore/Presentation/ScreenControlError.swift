/// Why the agent got no control of the shared screen, after the person
/// accepted the app's prompt (`docs/protocol.md` §12.9).
public enum ScreenControlError: Error, Sendable, Hashable {
    /// The person closed the desktop's dialog.
    case cancelled
    /// The person confirmed the desktop's dialog but left its remote
    /// interaction off, so the desktop lent no pointer or keyboard.
    case interactionNotAllowed
    /// The desktop offers no remote control (no RemoteDesktop portal, or one
    /// without a pointer and a keyboard).
    case unavailable
    /// The desktop's remote control failed; `detail` is its own words, for logs.
    case failed(detail: String)

    /// One sentence for the person.
    public var sentence: String {
        switch self {
        case .cancelled:
            localized("You closed the desktop's dialog, so the agent cannot use your mouse and keyboard.")
        case .interactionNotAllowed:
            localized("Remote interaction was left off in the desktop's dialog, so the agent cannot use your mouse and keyboard.")
        case .unavailable:
            localized("This desktop does not let anyone else use your mouse and keyboard; the agent can still see what you share.")
        case .failed:
            localized("The agent cannot use your mouse and keyboard because the desktop's remote control failed.")
        }
    }
}
