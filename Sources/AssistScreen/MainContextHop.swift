import CGstreamer

/// The hop from GStreamer's streaming threads to GTK's main thread: work is
/// posted as an idle source on GLib's default main context, so it runs in
/// GTK's loop in the order it was posted, whether or not Swift's main queue
/// is bridged to GLib.
enum MainContextHop {
    /// Runs `work` on the main thread at the next turn of GLib's loop.
    static func post(_ work: @escaping @Sendable @MainActor () -> Void) {
        let run: GSourceFunc = { userData in
            guard let userData else { return gboolean(0) }
            let posted = Unmanaged<PostedWork>.fromOpaque(userData).takeUnretainedValue()
            MainActor.assumeIsolated { posted.work() }
            return gboolean(0)
        }
        let release: GDestroyNotify = { userData in
            if let userData { Unmanaged<PostedWork>.fromOpaque(userData).release() }
        }
        g_idle_add_full(G_PRIORITY_DEFAULT, run, Unmanaged.passRetained(PostedWork(work)).toOpaque(), release)
    }
}

/// Posted work, held while GLib holds the idle source.
private final class PostedWork: Sendable {
    let work: @Sendable @MainActor () -> Void

    init(_ work: @escaping @Sendable @MainActor () -> Void) {
        self.work = work
    }
}
