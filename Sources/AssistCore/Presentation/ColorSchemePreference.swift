/// The desktop's light or dark preference, as the Settings portal states it
/// (`org.freedesktop.appearance`, key `color-scheme`), and what it means for
/// GTK's `gtk-application-prefer-dark-theme`.
public enum ColorSchemePreference: Sendable, Equatable {
    /// The desktop states none: GTK's own setting decides.
    case noPreference
    /// The person chose the dark style.
    case preferDark
    /// The person chose the light style.
    case preferLight

    /// The portal's settings namespace that holds ``portalKey``.
    public static let portalNamespace = "org.freedesktop.appearance"

    /// The portal's key for the preference.
    public static let portalKey = "color-scheme"

    /// Reads the portal's value: 1 prefers dark, 2 prefers light, and 0 (or a
    /// value a later portal may add) states no preference.
    public init(portalValue: UInt32) {
        switch portalValue {
        case 1: self = .preferDark
        case 2: self = .preferLight
        default: self = .noPreference
        }
    }

    /// Whether GTK should draw the dark variant of its theme: as preferred,
    /// or `gtkSetting` (GTK's `gtk-application-prefer-dark-theme` as its
    /// settings file or XSettings gave it) when the desktop states nothing.
    public func prefersDarkTheme(gtkSetting: Bool) -> Bool {
        switch self {
        case .noPreference: gtkSetting
        case .preferDark: true
        case .preferLight: false
        }
    }
}
