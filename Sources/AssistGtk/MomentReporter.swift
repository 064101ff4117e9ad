import CGtk
import Glibc

/// Tells a benchmark when a window's first frame was drawn: when the
/// environment variable `ASSIST_REPORT_FIRST_FRAME` is set, prints
/// `first-frame NANOSECONDS` (`CLOCK_MONOTONIC`) on standard output after
/// the window's first paint, once. Does nothing otherwise.
@MainActor
public enum FirstFrameReporter {
    /// The environment variable that turns reporting on.
    public static let environmentVariable = "ASSIST_REPORT_FIRST_FRAME"

    /// Reports `window`'s first frame if reporting is on; call before
    /// presenting it.
    public static func watch(_ window: UnsafeMutablePointer<GtkWidget>) {
        guard getenv(environmentVariable) != nil else { return }
        SignalConnection.connect(window, signal: "map") {
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            SignalConnection.connectOnce(UnsafeMutableRawPointer(clock), signal: "after-paint") {
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                let line = "first-frame \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))\n"
                _ = line.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
            }
        }
    }
}
