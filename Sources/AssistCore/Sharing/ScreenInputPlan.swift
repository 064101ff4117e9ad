/// What the app does on the desktop with an agent's input event while the
/// agent controls a shared screen or window (`docs/protocol.md` §12.9),
/// decided without a display: where a click goes, which keys a text
/// presses, and what is refused.
///
/// The app cannot know where its own windows lie on the screen, so the
/// performer checks after moving the pointer: a click whose pointer ends
/// over one of the app's windows (its prompts among them) is not pressed,
/// and text is not typed while one of them has the keyboard focus — both
/// answer ``refusedOverApp``.
public enum ScreenInputPlan: Sendable, Hashable {
    /// Move the pointer to this pixel of the picture, then press and
    /// release the primary button.
    case click(x: Int, y: Int)
    /// Press and release these X keysyms, in order.
    case keys([UInt32])
    /// Do nothing, and answer the agent with this outcome.
    case refuse(InputOutcome)

    /// The outcome for input that would land in one of the app's own
    /// windows: the agent may see them, never act on them.
    public static let refusedOverApp = InputOutcome.notInteractive

    /// The plan for `event` on a picture of `width` × `height` pixels: a
    /// click outside it, or text with a character no key types (a control
    /// character other than a line break or a tab), is `nothingThere`.
    public init(_ event: InputEvent, pictureWidth width: Int, pictureHeight height: Int) {
        switch event {
        case .click(let x, let y):
            self = (0..<width).contains(x) && (0..<height).contains(y) ? .click(x: x, y: y) : .refuse(.nothingThere)
        case .text(let text):
            self = ScreenKeysyms.keysyms(for: text).map { .keys($0) } ?? .refuse(.nothingThere)
        }
    }
}

/// The X keysyms (`xkbcommon-keysyms.h`) that type a text: what the
/// desktop's RemoteDesktop portal presses (`NotifyKeyboardKeysym`).
public enum ScreenKeysyms {
    /// Return, for a line break (`\n`, `\r` or both).
    public static let returnKey: UInt32 = 0xFF0D
    /// Tab.
    public static let tab: UInt32 = 0xFF09

    /// One keysym per character of `text` (a character of several scalars,
    /// a letter with a combining accent, gives one per scalar); `nil` when a
    /// character is a control character other than a line break or a tab.
    public static func keysyms(for text: String) -> [UInt32]? {
        var keysyms: [UInt32] = []
        for character in text {
            if character == "\n" || character == "\r" || character == "\r\n" {
                keysyms.append(returnKey)
                continue
            }
            for scalar in character.unicodeScalars {
                guard let keysym = keysym(for: scalar) else { return nil }
                keysyms.append(keysym)
            }
        }
        return keysyms
    }

    /// The keysym of one scalar: Latin-1's printable characters are their
    /// own keysyms, every other printable scalar is `0x01000000` plus its
    /// code point; control characters (but a tab) have none.
    public static func keysym(for scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x09: tab
        case 0x20...0x7E, 0xA0...0xFF: scalar.value
        case 0x00...0x1F, 0x7F...0x9F: nil
        default: 0x0100_0000 | scalar.value
        }
    }
}
