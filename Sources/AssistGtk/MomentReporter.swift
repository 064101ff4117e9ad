import CGtk
import Glibc

/// Tells a benchmark when something happened: when the environment
/// variable `ASSIST_REPORT_MOMENTS` is set, prints `NAME NANOSECONDS`
/// (`CLOCK_MONOTONIC`) on standard output for each moment reported. Does
/// nothing otherwise.
///
/// Moments reported today: `first-frame` (the main window's first paint),
/// `call-answered` (the person answered a call) and
/// `call-first-remote-frame` (the agent's first video frame was shown).
@MainActor
public enum MomentReporter {
    /// The environment variable that turns reporting on.
    public static let environmentVariable = "ASSIST_REPORT_MOMENTS"

    /// Whether moments are reported in this process.
    public static let isOn = getenv(environmentVariable) != nil

    /// Prints `name` with the time now, if reporting is on.
    public static func report(_ name: String) {
        guard isOn else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let line = "\(name) \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))\n"
        _ = line.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    }

    /// Reports `first-frame` after `window`'s first paint, once, if
    /// reporting is on; call before presenting it.
    public static func reportFirstFrame(of window: UnsafeMutablePointer<GtkWidget>) {
        guard isOn else { return }
        SignalConnection.connect(window, signal: "map") {
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            SignalConnection.connectOnce(UnsafeMutableRawPointer(clock), signal: "after-paint") {
                report("first-frame")
            }
        }
    }
}
