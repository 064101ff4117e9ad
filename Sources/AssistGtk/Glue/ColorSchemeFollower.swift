import AssistCore
import CGtk

/// Makes the app follow the desktop's light or dark style.
///
/// GTK 4.8 without libadwaita does not read the Settings portal, where GNOME
/// and KDE publish the person's choice (`org.freedesktop.appearance`
/// `color-scheme`). The follower reads it once over D-Bus, listens for its
/// `SettingChanged`, and sets GTK's `gtk-application-prefer-dark-theme`,
/// which switches the theme's named colours that every view and
/// `assist.css` draw with. Where no portal answers, or it states no
/// preference, GTK's own setting (its `settings.ini` or XSettings) stays as
/// GTK read it.
@MainActor
public final class ColorSchemeFollower {
    private static let portalName = "org.freedesktop.portal.Desktop"
    private static let portalPath = "/org/freedesktop/portal/desktop"
    private static let settingsInterface = "org.freedesktop.portal.Settings"

    /// What the desktop states now (``ColorSchemePreference/noPreference``
    /// until the portal answered).
    public private(set) var preference = ColorSchemePreference.noPreference

    private let settings: OpaquePointer
    private let gtkSetting: Bool
    private var connection: OpaquePointer?
    private var subscription: guint = 0

    /// A follower of `display`'s settings (the default display when `nil`),
    /// or `nil` when there is no display. Nothing changes until
    /// ``apply(_:)`` or ``follow(portalOn:)``.
    public init?(display: OpaquePointer? = nil) {
        guard let display = display ?? gdk_display_get_default(), let settings = gtk_settings_get_for_display(display)
        else { return nil }
        self.settings = settings
        gtkSetting = assist_settings_prefers_dark(settings) != 0
    }

    /// Whether GTK draws the dark variant of its theme now.
    public var isDark: Bool {
        assist_settings_prefers_dark(settings) != 0
    }

    /// Draws in the style `preference` asks for.
    public func apply(_ preference: ColorSchemePreference) {
        self.preference = preference
        let dark = preference.prefersDarkTheme(gtkSetting: gtkSetting)
        if dark != isDark { assist_settings_set_prefers_dark(settings, dark ? 1 : 0) }
    }

    /// Follows the portal on the session bus `connection` (the
    /// application's, `g_application_get_dbus_connection`): subscribes to
    /// changes first, then reads the value without waiting for the answer,
    /// so a slow or missing portal never holds up the window. `nil` (no
    /// session bus) leaves GTK's setting alone. Until ``stop()`` the
    /// follower lives on, held by its subscription.
    public func follow(portalOn connection: OpaquePointer?) {
        guard let connection, self.connection == nil else { return }
        self.connection = connection
        g_object_ref(UnsafeMutableRawPointer(connection))
        subscription = g_dbus_connection_signal_subscribe(
            connection, Self.portalName, Self.settingsInterface, "SettingChanged", Self.portalPath,
            ColorSchemePreference.portalNamespace, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, box in
                guard let parameters, let box else { return }
                let follower = Unmanaged<ColorSchemeFollower>.fromOpaque(box).takeUnretainedValue()
                MainActor.assumeIsolated { follower.settingChanged(parameters) }
            },
            Unmanaged.passRetained(self).toOpaque(),
            { box in
                guard let box else { return }
                Unmanaged<ColorSchemeFollower>.fromOpaque(box).release()
            })
        let arguments: [OpaquePointer?] = [
            g_variant_new_string(ColorSchemePreference.portalNamespace), g_variant_new_string(ColorSchemePreference.portalKey),
        ]
        let request = arguments.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
        g_dbus_connection_call(
            connection, Self.portalName, Self.portalPath, Self.settingsInterface, "Read", request, nil,
            G_DBUS_CALL_FLAGS_NONE, -1, nil,
            { source, result, box in
                guard let box else { return }
                let follower = Unmanaged<ColorSchemeFollower>.fromOpaque(box).takeRetainedValue()
                let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil)
                MainActor.assumeIsolated { follower.readAnswered(reply) }
            },
            Unmanaged.passRetained(self).toOpaque())
    }

    /// The portal's answer to `Read`: `(v)`, whose variant holds the value,
    /// wrapped once more by older portals. `nil` when no portal answered.
    private func readAnswered(_ reply: OpaquePointer?) {
        guard let reply else { return }
        defer { g_variant_unref(reply) }
        let boxed = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(boxed) }
        if let value = Self.uint32(in: boxed) { apply(ColorSchemePreference(portalValue: value)) }
    }

    /// `SettingChanged(namespace, key, value)`.
    private func settingChanged(_ parameters: OpaquePointer) {
        guard g_variant_n_children(parameters) == 3 else { return }
        let key = g_variant_get_child_value(parameters, 1)!
        defer { g_variant_unref(key) }
        guard String(cString: g_variant_get_string(key, nil)) == ColorSchemePreference.portalKey else { return }
        let value = g_variant_get_child_value(parameters, 2)!
        defer { g_variant_unref(value) }
        if let number = Self.uint32(in: value) { apply(ColorSchemePreference(portalValue: number)) }
    }

    /// The `u` inside `variant` and any variants around it, or `nil`.
    private static func uint32(in variant: OpaquePointer) -> UInt32? {
        var current = g_variant_ref(variant)!
        defer { g_variant_unref(current) }
        while String(cString: g_variant_get_type_string(current)) == "v" {
            let inner = g_variant_get_variant(current)!
            g_variant_unref(current)
            current = inner
        }
        guard String(cString: g_variant_get_type_string(current)) == "u" else { return nil }
        return g_variant_get_uint32(current)
    }

    /// Stops following the portal; the style stays as it is. The
    /// subscription holds the follower until then.
    public func stop() {
        guard let connection else { return }
        if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        subscription = 0
        g_object_unref(UnsafeMutableRawPointer(connection))
        self.connection = nil
    }
}
