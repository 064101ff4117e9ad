import CGtk
import Glibc

/// Lets Swift concurrency run on GLib's main loop.
///
/// Under `g_application_run` nothing drains libdispatch's main queue, so
/// `MainActor` jobs and `DispatchQueue.main` blocks would never run. The
/// bridge watches the main queue's wake-up descriptor from GLib and drains the
/// queue whenever it becomes readable: no polling, no idle cost.
public enum MainLoopBridge {
    nonisolated(unsafe) private static var sourceID: guint = 0

    /// Installs the bridge on the default main context. Call once, on the main
    /// thread, before running the GLib loop; later calls do nothing.
    @MainActor
    public static func install() {
        guard sourceID == 0 else { return }
        let handle = _dispatch_get_main_queue_handle_4CF()
        sourceID = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, handle, G_IO_IN,
            { descriptor, _, _ in
                var wakeups: UInt64 = 0
                _ = read(descriptor, &wakeups, MemoryLayout<UInt64>.size)
                _dispatch_main_queue_callback_4CF(nil)
                return gboolean(1)
            },
            nil, nil)
    }
}
