/// Why the screen or a window could not be shared (`docs/protocol.md` §12.8).
/// Each case is told to the agent as "declined"; the person reads
/// ``sentence``.
public enum ScreenChoiceError: Error, Sendable, Hashable {
    /// The person closed the desktop's dialog without picking anything.
    case cancelled
    /// The desktop offers no screen sharing (no ScreenCast portal).
    case unavailable
    /// The desktop's screen sharing failed; `detail` is its own words, for logs.
    case failed(detail: String)

    /// One sentence for the person.
    public var sentence: String {
        switch self {
        case .cancelled:
            localized("You did not pick anything to share, so nothing is shown.")
        case .unavailable:
            localized("This desktop cannot share your screen, so nothing is shown. You can still share this app's window.")
        case .failed:
            localized("Your screen could not be shared because the desktop's screen sharing failed.")
        }
    }
}
