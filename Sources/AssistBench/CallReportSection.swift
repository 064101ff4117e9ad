import Foundation

/// The "Call" section of the report: time to the first remote frame on each
/// side, and the app's cost during a call against the bare pipeline.
struct CallReportSection {
    /// The figures.
    let result: CallBenchResult
    /// The report's machine and date lines.
    let machineLine: String
    let dateLine: String

    /// The section's Markdown lines.
    var lines: [String] {
        let app = result.appFirstFrame
        let console = result.consoleFirstFrame
        let inCall = result.appInCall
        let bare = result.barePipeline
        let idle = result.appIdleInSession
        return [
            "## Call",
            "",
            "`Tests/ui/call_benchmark.py`: the release `assist-desktop` with test sources (`useTestMediaSources`) and",
            "the agent console in headless Chromium with its fake camera and microphone, through a release",
            "`assist-server` on loopback, on an Xvfb display. The console starts \(result.calls) video calls one after",
            "another in one session and ends each once both sides have a picture; the person answers through the",
            "prompt (AT-SPI). First frame = from the person's Answer (reported by the app, `CLOCK_MONOTONIC`) to the",
            "app showing the agent's first frame (reported by the app) and to the console's first decoded frame",
            "(`getStats()` polled every 10 ms, dated by the browser's clock mapped onto the same monotonic clock).",
            "",
            "CPU and RSS over \(ReportFormat.seconds(.seconds(result.holdSeconds))) (`/proc`: user + system time over wall time, in",
            "percent of one core; `VmRSS` every 0.5 s), each app figure from 12 s after the last input (GTK's text",
            "cursor blinks for 10 s, and its fade redraws the window every frame, 57–72 % of a core with Mesa's",
            "software GL on this machine): the app in a 640×480, 30 frames/s video",
            "call (VP8 + Opus out, the console's VP8 + Opus in, the agent's video and the self-view drawn by GTK);",
            "the same app in the same session before any call; and `assist-bench --bare-call-pipeline`, the call's",
            "own bins (test sources, encoders, payloaders, depayloaders, decoders, RGBA conversion for both views)",
            "wired sender to receiver without webrtcbin (no ICE, DTLS or SRTP) and without GTK, in the same run.",
            "",
            machineLine,
            dateLine,
            "",
            "| from the Answer to the first remote frame | calls | p50 | p95 |",
            "|---|---:|---:|---:|",
            "| in the app (the agent's video) | \(app.count) | \(ReportFormat.time(app.median)) | \(ReportFormat.time(app.percentile(0.95))) |",
            "| in the console (the person's video) | \(console.count) | \(ReportFormat.time(console.median)) | \(ReportFormat.time(console.percentile(0.95))) |",
            "",
            "| process | CPU (one core = 100 %) | RSS mean | RSS max |",
            "|---|---:|---:|---:|",
            usageRow("assist-desktop in a video call", inCall),
            usageRow("assist-desktop in the session, no call", idle),
            usageRow("bare pipeline (baseline)", bare),
            "",
            "Against the bare pipeline: CPU \(Self.ratio(inCall.cpuPercent, bare.cpuPercent)), RSS"
                + " \(Self.ratio(inCall.residentMeanKiB, bare.residentMeanKiB)); what the call adds to the idle app:"
                + " \(String(format: "%.0f", inCall.cpuPercent - idle.cpuPercent)) % CPU,"
                + " \(ReportFormat.mebibytes(kibibytes: inCall.residentMeanKiB - idle.residentMeanKiB)) RSS.",
        ]
    }

    private func usageRow(_ name: String, _ usage: CallBenchResult.Usage) -> String {
        "| \(name) | \(String(format: "%.0f %%", usage.cpuPercent)) | \(ReportFormat.mebibytes(kibibytes: usage.residentMeanKiB)) "
            + "| \(ReportFormat.mebibytes(kibibytes: usage.residentMaxKiB)) |"
    }

    private static func ratio(_ measured: Double, _ baseline: Double) -> String {
        baseline > 0 ? ReportFormat.ratio(measured / baseline) : "n/a"
    }
}
