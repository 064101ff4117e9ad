/// What an agent in control does to the shared window (`docs/protocol.md`
/// §12.6): a click at a point of the window, or text typed into the widget
/// that has the focus.
public enum InputEvent: Sendable, Hashable {
    /// A click at window pixels, as in the co-browse frames.
    case click(x: Int, y: Int)
    /// Text for the focused widget, 1–1,000 characters.
    case text(String)

    /// The longest text one event carries.
    public static let maxText = 1_000
}
