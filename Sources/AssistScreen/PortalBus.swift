import CGtk

/// The session bus the desktop portal answers on, and calls to the
/// portal's object there — each waited for, on the main context.
@MainActor
enum PortalBus {
    /// The portal's well-known name.
    static let name = "org.freedesktop.portal.Desktop"
    /// The portal's object.
    static let path = "/org/freedesktop/portal/desktop"

    /// The session bus, an owned reference; `nil` when there is none.
    static func session() -> OpaquePointer? {
        var failure: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &failure) else {
            g_clear_error(&failure)
            return nil
        }
        return bus
    }

    /// Calls `method` of `interface` on the portal's object on `bus` with
    /// `parameters` (a floating tuple, which the call takes) and waits at
    /// most `timeoutMilliseconds` for the answer: the reply, which the
    /// caller releases, or `nil` when the call failed or timed out.
    static func call(
        on bus: OpaquePointer, _ interface: String, _ method: String, _ parameters: OpaquePointer?,
        timeoutMilliseconds: Int32
    ) async -> PortalReply? {
        await withCheckedContinuation { (continuation: CheckedContinuation<PortalReply?, Never>) in
            let waiter = Unmanaged.passRetained(ReplyWaiter(continuation)).toOpaque()
            g_dbus_connection_call(
                bus, name, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE, timeoutMilliseconds, nil,
                { source, result, box in
                    guard let box else { return }
                    let waiter = Unmanaged<ReplyWaiter>.fromOpaque(box).takeRetainedValue()
                    var failure: UnsafeMutablePointer<GError>?
                    let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &failure)
                    g_clear_error(&failure)
                    waiter.continuation.resume(returning: reply.map(PortalReply.init(variant:)))
                },
                waiter)
        }
    }
}

/// A portal's reply, handed from GIO's callback to the waiting task, which
/// owns it and releases it with `g_variant_unref`.
struct PortalReply: @unchecked Sendable {
    /// The reply's tuple, an owned reference.
    let variant: OpaquePointer
}

/// Holds a waiting task's continuation while GIO holds the call.
private final class ReplyWaiter: @unchecked Sendable {
    let continuation: CheckedContinuation<PortalReply?, Never>

    init(_ continuation: CheckedContinuation<PortalReply?, Never>) {
        self.continuation = continuation
    }
}
