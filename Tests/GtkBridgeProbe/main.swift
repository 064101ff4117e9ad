// Runs GLib's main loop on the process's real main thread, as assist-desktop
// does, and exits 0 only if MainActor work scheduled from another thread ran
// inside that loop through MainLoopBridge. Exits 1 after 10 s otherwise.
// MainLoopBridgeTests launches it: inside `swift test` the main actor is
// driven by dispatch_main(), which is not the situation the bridge is for.
import AssistGtk
import CGtk
import Foundation

MainActor.assumeIsolated {
    MainLoopBridge.install()
    let loop = g_main_loop_new(nil, 0)!
    let loopAddress = UInt(bitPattern: loop)
    let outcome = ProbeOutcome()
    Task.detached {
        await MainActor.run {
            outcome.ranOnMainThread = Thread.isMainThread
            g_main_loop_quit(OpaquePointer(bitPattern: loopAddress))
        }
    }
    g_timeout_add_seconds(10, { loop in
        g_main_loop_quit(OpaquePointer(loop))
        return 0
    }, UnsafeMutableRawPointer(loop))
    g_main_loop_run(loop)
    g_main_loop_unref(loop)
    exit(outcome.ranOnMainThread ? 0 : 1)
}

/// What the MainActor job observed.
@MainActor
final class ProbeOutcome {
    var ranOnMainThread = false
}
