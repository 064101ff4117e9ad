import CGtk

/// The hop from another thread (GStreamer's streaming threads, for the call
/// and the shared screen) to the thread that runs GLib's default main
/// context — GTK's main thread.
///
/// Work is posted as an idle source on the default context, so it runs
/// inside GTK's loop (or a test's iteration of it) in the order it was
/// posted, whether or not Swift's main queue is bridged to GLib.
public enum MainContext {
    /// Runs `work` on the main thread at the next turn of GLib's loop.
    public static func post(_ work: @escaping @Sendable @MainActor () -> Void) {
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
