import AssistCore
import CGtk
import CPortal

/// The `Notify*` calls of one RemoteDesktop portal session, made in order:
/// each waits for the portal's answer before the next goes.
///
/// libportal 0.6's own input functions send without waiting, and the portal
/// (xdg-desktop-portal 1.16) handles each call in a thread of its own, so
/// the desktop may get them out of order — measured here: the agent's "hi"
/// arrived as "ih". So the calls are made on the session bus directly,
/// naming the session by the handle ``RemoteDesktopSessionHandle`` read.
@MainActor
final class RemoteDesktopInput {
    private static let interface = "org.freedesktop.portal.RemoteDesktop"

    /// The session bus, an owned reference.
    private let bus: OpaquePointer
    /// The session's object path.
    private let session: String

    /// Input into the session at `session` (its object path) on `bus`.
    init(bus: OpaquePointer, session: String) {
        self.bus = bus
        self.session = session
        g_object_ref(UnsafeMutableRawPointer(bus))
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(bus))
    }

    /// Moves the pointer by `dx`, `dy`.
    func pointerMotion(dx: Double, dy: Double) async -> Bool {
        await notify("NotifyPointerMotion", [g_variant_new_double(dx), g_variant_new_double(dy)])
    }

    /// Moves the pointer to `x`, `y` of the stream `node`.
    func pointerPosition(node: UInt32, x: Double, y: Double) async -> Bool {
        await notify(
            "NotifyPointerMotionAbsolute", [g_variant_new_uint32(node), g_variant_new_double(x), g_variant_new_double(y)])
    }

    /// Presses or releases the pointer button of evdev code `button`.
    func pointerButton(_ button: Int32, pressed: Bool) async -> Bool {
        await notify("NotifyPointerButton", [g_variant_new_int32(button), g_variant_new_uint32(pressed ? 1 : 0)])
    }

    /// Presses or releases the key of X keysym `keysym`.
    func keysym(_ keysym: UInt32, pressed: Bool) async -> Bool {
        await notify(
            "NotifyKeyboardKeysym", [g_variant_new_int32(Int32(bitPattern: keysym)), g_variant_new_uint32(pressed ? 1 : 0)])
    }

    /// Calls `method` with the session, no options and `arguments`, and
    /// waits for the answer; `false` when the portal refused it.
    private func notify(_ method: String, _ arguments: [OpaquePointer?]) async -> Bool {
        let options = g_variant_new_array(g_variant_type_checked_("{sv}"), nil, 0)
        let members = [g_variant_new_object_path(session), options] + arguments
        let parameters = members.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        guard let reply = await PortalBus.call(on: bus, Self.interface, method, parameters, timeoutMilliseconds: 5_000)
        else { return false }
        g_variant_unref(reply.variant)
        return true
    }
}
