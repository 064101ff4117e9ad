import AssistCore
import CGtk
import CPortal

/// Whether the desktop's ScreenCast portal can share anything: its
/// `org.freedesktop.portal.ScreenCast` `AvailableSourceTypes` read once,
/// with a bound, must name a monitor or a window. A desktop without the
/// portal answers with an error at once; one whose portal has no compositor
/// that casts (an X server without GNOME, as under Xvfb) answers 0 though its
/// ScreenCast interface is there; a bus that never answers counts as none
/// after the bound.
@MainActor
enum ScreenCastAvailability {
    /// How long the portal may take to answer (it may be started by D-Bus
    /// activation on first use).
    static let timeoutMilliseconds: Int32 = 5_000

    /// Whether a ScreenCast portal answered with a source type to share.
    static func check() async -> Bool {
        var failure: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &failure) else {
            g_clear_error(&failure)
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        var members: [OpaquePointer?] = [
            g_variant_new_string("org.freedesktop.portal.ScreenCast"), g_variant_new_string("AvailableSourceTypes"),
        ]
        let parameters = members.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let waiter = Unmanaged.passRetained(AvailabilityWaiter(continuation)).toOpaque()
            g_dbus_connection_call(
                bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                "org.freedesktop.DBus.Properties", "Get", parameters, nil, G_DBUS_CALL_FLAGS_NONE,
                timeoutMilliseconds, nil, answered, waiter)
        }
    }

    /// Where the property's answer lands.
    private static let answered: GAsyncReadyCallback = { source, result, userData in
        guard let userData else { return }
        let waiter = Unmanaged<AvailabilityWaiter>.fromOpaque(userData).takeRetainedValue()
        var failure: UnsafeMutablePointer<GError>?
        let connection = OpaquePointer(source)
        if let reply = g_dbus_connection_call_finish(connection, result, &failure) {
            waiter.continuation.resume(returning: sourceTypes(in: reply) != 0)
            g_variant_unref(reply)
        } else {
            g_clear_error(&failure)
            waiter.continuation.resume(returning: false)
        }
    }
}

/// The `u` inside the `(v)` a property's `Get` answers; 0 for anything else.
private func sourceTypes(in reply: OpaquePointer) -> UInt32 {
    guard let boxed = g_variant_get_child_value(reply, 0) else { return 0 }
    defer { g_variant_unref(boxed) }
    guard let value = g_variant_get_variant(boxed) else { return 0 }
    defer { g_variant_unref(value) }
    guard g_variant_is_of_type(value, g_variant_type_checked_("u")) != 0 else { return 0 }
    return g_variant_get_uint32(value)
}

/// Holds the waiting task's continuation while GIO holds the call.
private final class AvailabilityWaiter: @unchecked Sendable {
    let continuation: CheckedContinuation<Bool, Never>

    init(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation = continuation
    }
}
