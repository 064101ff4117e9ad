import AssistCore
import CGtk
import CPortal

/// Learns the object path of the RemoteDesktop session libportal creates,
/// which libportal 0.6 keeps to itself: the portal answers `CreateSession`
/// with a `Response` signal on the app's own session-bus connection whose
/// results hold `session_handle`, and this watch reads it there.
///
/// Watch only while one session is being created; a second handle seen
/// meanwhile makes the handle unknown rather than a guess.
@MainActor
final class RemoteDesktopSessionHandle {
    /// The session bus, an owned reference.
    let bus: OpaquePointer
    private var subscription: guint = 0
    private var handles: [String] = []

    /// Starts watching the session bus; `nil` without one.
    init?() {
        guard let bus = PortalBus.session() else { return nil }
        self.bus = bus
        subscription = g_dbus_connection_signal_subscribe(
            bus, nil, "org.freedesktop.portal.Request", "Response", nil, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, box in
                guard let parameters, let box else { return }
                let watch = Unmanaged<HandleBox>.fromOpaque(box).takeUnretainedValue()
                if let handle = sessionHandle(in: parameters) { MainActor.assumeIsolated { watch.seen(handle) } }
            },
            Unmanaged.passRetained(HandleBox { [weak self] handle in self?.handles.append(handle) }).toOpaque(),
            { box in
                guard let box else { return }
                Unmanaged<HandleBox>.fromOpaque(box).release()
            })
    }

    isolated deinit {
        stop()
        g_object_unref(UnsafeMutableRawPointer(bus))
    }

    /// The one session handle seen since the watch began; `nil` when none
    /// or several were.
    var handle: String? {
        handles.count == 1 ? handles[0] : nil
    }

    /// Stops watching; what was seen stays.
    func stop() {
        guard subscription != 0 else { return }
        g_dbus_connection_signal_unsubscribe(bus, subscription)
        subscription = 0
    }
}

/// The `session_handle` string in a `Response(u, a{sv})`'s results, if any.
private func sessionHandle(in parameters: OpaquePointer) -> String? {
    guard g_variant_n_children(parameters) == 2, let results = g_variant_get_child_value(parameters, 1) else { return nil }
    defer { g_variant_unref(results) }
    guard let value = g_variant_lookup_value(results, "session_handle", nil) else { return nil }
    defer { g_variant_unref(value) }
    let type = String(cString: g_variant_get_type_string(value))
    guard type == "s" || type == "o" else { return nil }
    return String(cString: g_variant_get_string(value, nil))
}

/// What the signal callback calls, held by GIO while subscribed.
private final class HandleBox: @unchecked Sendable {
    let seen: @MainActor (String) -> Void

    init(_ seen: @escaping @MainActor (String) -> Void) {
        self.seen = seen
    }
}
