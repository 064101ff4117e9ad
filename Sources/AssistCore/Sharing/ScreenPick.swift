/// How the person picks what an agent sees of the screen: what the app's
/// prompt for ``ShareScope/screen`` tells them comes next.
public enum ScreenPick: Sendable, Hashable {
    /// In the desktop's own dialog, a monitor or a window (the ScreenCast
    /// portal); the pick can be remembered.
    case desktopDialog
    /// Nothing to pick: the whole screen, as soon as the person accepts (an
    /// X11 desktop without the ScreenCast portal).
    case wholeScreen
}
