import CGtk
import Glibc

/// GLib's main context, turned by the benchmarks that show windows.
@MainActor
enum MainContext {
    /// Runs GLib's main context until `condition` holds or `duration` passes.
    static func iterate(for duration: Duration, until condition: () -> Bool = { false }) {
        let deadline = ContinuousClock.now.advanced(by: duration)
        while !condition(), ContinuousClock.now < deadline {
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(1_000)
        }
    }
}
