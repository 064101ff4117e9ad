import Foundation

/// The "Desktop start-up" section of the report, with its targets.
struct DesktopReportSection {
    /// The figures.
    let result: DesktopStartResult
    /// The report's machine and date lines.
    let machineLine: String
    let dateLine: String

    /// Targets from the desktop-app issue.
    static let startTarget = 250e6
    static let residentTargetKiB = 90 * 1024
    static let ratioTarget = 1.3

    /// The section's Markdown lines.
    var lines: [String] {
        let app = result.app
        let base = result.baseline
        func mib(_ kib: Int) -> String { String(format: "%.1f MiB", Double(kib) / 1024) }
        func verdict(_ met: Bool) -> String { met ? "met" : "**not met**" }
        return [
            "## Desktop start-up",
            "",
            "`assist-desktop` (start page, configured server, no session) and `gtk-minimal-window` (a GtkApplication",
            "with one empty window of the same size) are launched alternately on an Xvfb display with",
            "`GSK_RENDERER=cairo`; the first launch of each is a warm-up and not counted. Start = from just before",
            "spawning to the window's first paint (`GdkFrameClock::after-paint`, reported by the program on the",
            "same monotonic clock). RSS = `VmRSS` two seconds later, idle.",
            "",
            machineLine,
            dateLine,
            "",
            "| program | launches | start p50 | start p95 | idle RSS (median) |",
            "|---|---:|---:|---:|---:|",
            "| assist-desktop | \(app.start.count) | \(ReportFormat.time(app.start.median)) | \(ReportFormat.time(app.start.percentile(0.95))) | \(mib(app.medianResidentKiB)) |",
            "| gtk-minimal-window (baseline) | \(base.start.count) | \(ReportFormat.time(base.start.median)) | \(ReportFormat.time(base.start.percentile(0.95))) | \(mib(base.medianResidentKiB)) |",
            "",
            "| target | goal | measured | |",
            "|---|---|---|---|",
            "| cold start to first frame | ≤ 250 ms | \(ReportFormat.time(app.start.median)) (p50) | \(verdict(app.start.median <= Self.startTarget)) |",
            "| idle RSS | ≤ 90 MB | \(mib(app.medianResidentKiB)) | \(verdict(app.medianResidentKiB <= Self.residentTargetKiB)) |",
            "| start against the minimal window | ≤ 1.3× | \(String(format: "%.2f×", result.startRatio)) | \(verdict(result.startRatio <= Self.ratioTarget)) |",
            "| RSS against the minimal window | ≤ 1.3× | \(String(format: "%.2f×", result.residentRatio)) | \(verdict(result.residentRatio <= Self.ratioTarget)) |",
        ]
    }
}
