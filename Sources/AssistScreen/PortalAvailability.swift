import AssistCore
import CGtk
import CPortal

/// What the desktop's portals can do, each read once with a bound:
/// ScreenCast's `AvailableSourceTypes` must name a monitor or a window, and
/// RemoteDesktop's `AvailableDeviceTypes` a pointer and a keyboard. A
/// desktop without the portal answers with an error at once; one whose
/// portal has no compositor that casts (an X server without GNOME, as under
/// Xvfb) answers 0 though the interface is there; a bus that never answers
/// counts as none after the bound.
@MainActor
enum PortalAvailability {
    /// How long the portal may take to answer (it may be started by D-Bus
    /// activation on first use).
    static let timeoutMilliseconds: Int32 = 5_000

    /// Whether a ScreenCast portal answered with a source type to share.
    static func canShare() async -> Bool {
        await property("org.freedesktop.portal.ScreenCast", "AvailableSourceTypes") != 0
    }

    /// Whether a RemoteDesktop portal answered with both a keyboard (1)
    /// and a pointer (2) to lend.
    static func canControl() async -> Bool {
        await property("org.freedesktop.portal.RemoteDesktop", "AvailableDeviceTypes") & 3 == 3
    }

    /// The `u` property `name` of the portal's `interface`; 0 when there is
    /// no such portal, it fails or does not answer in time.
    private static func property(_ interface: String, _ name: String) async -> UInt32 {
        guard let bus = PortalBus.session() else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        var members: [OpaquePointer?] = [g_variant_new_string(interface), g_variant_new_string(name)]
        let parameters = members.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
        guard
            let reply = await PortalBus.call(
                on: bus, "org.freedesktop.DBus.Properties", "Get", parameters, timeoutMilliseconds: timeoutMilliseconds)
        else { return 0 }
        defer { g_variant_unref(reply.variant) }
        return unsignedValue(in: reply.variant)
    }
}

/// The `u` inside the `(v)` a property's `Get` answers; 0 for anything else.
private func unsignedValue(in reply: OpaquePointer) -> UInt32 {
    guard let boxed = g_variant_get_child_value(reply, 0) else { return 0 }
    defer { g_variant_unref(boxed) }
    guard let value = g_variant_get_variant(boxed) else { return 0 }
    defer { g_variant_unref(value) }
    guard g_variant_is_of_type(value, g_variant_type_checked_("u")) != 0 else { return 0 }
    return g_variant_get_uint32(value)
}
