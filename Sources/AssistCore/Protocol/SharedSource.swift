/// What the person actually shows during a share (`docs/protocol.md` §12.8):
/// said by the app when it accepts, so the agent's console can name it.
public enum SharedSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The application's own window (scope ``ShareScope/window``).
    case appWindow
    /// A whole monitor, chosen in the desktop's dialog.
    case monitor
    /// Another program's window, chosen in the desktop's dialog.
    case window

    /// The scope a request for this source was made with.
    public var scope: ShareScope {
        self == .appWindow ? .window : .screen
    }
}
