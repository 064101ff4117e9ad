import Foundation

/// The "Desktop start-up" section of the report, with its targets, for each
/// GL condition measured.
struct DesktopReportSection {
    /// The figures, one per GL condition.
    let results: [DesktopStartResult]
    /// The report's machine and date lines.
    let machineLine: String
    let dateLine: String

    /// Targets from the desktop-app issue.
    static let startTarget = 250e6
    /// 90 MB (decimal), in KiB.
    static let residentTargetKiB = 90_000_000 / 1_024
    static let ratioTarget = 1.3

    /// The section's Markdown lines.
    var lines: [String] {
        var lines = [
            "## Desktop start-up",
            "",
            "`assist-desktop` (start page, configured server, no session) and `gtk-minimal-window` (a GtkApplication",
            "with one empty window of the same size) are launched alternately on an Xvfb display with",
            "`GSK_RENDERER=cairo`; the first launch of each is a warm-up and not counted. Start = from just before",
            "spawning to the window's first paint (`GdkFrameClock::after-paint`, reported by the program on the",
            "same monotonic clock). RSS = `VmRSS` two seconds later, idle.",
            "",
            "Both programs are measured twice. With `GSK_RENDERER=cairo` nothing is drawn with GL, but GTK 4.8's",
            "X11 backend still initialises GL at start to pick a visual, which maps Mesa (llvmpipe and LLVM on this",
            "machine, about 60 MB): once with GL never initialised (`GDK_DEBUG=gl-disable`), once as GTK does by default.",
            "",
            "`assist-desktop` does not link WebKitGTK: template mode is `assist-desktop-web`, which it becomes only",
            "when `chatTemplateURL` is set. When it did link it (the run of 2026-11-28T05:51Z), every launch paid",
            "for mapping and relocating WebKitGTK and JavaScriptCore: 88.9 MiB and 174 ms without GL.",
            "",
            machineLine,
            dateLine,
            "",
            "| condition | program | launches | start p50 | start p95 | idle RSS (median) |",
            "|---|---|---:|---:|---:|---:|",
        ]
        for result in results {
            lines.append(row(result.gl, "assist-desktop", result.app))
            lines.append(row(result.gl, "gtk-minimal-window (baseline)", result.baseline))
        }
        lines += ["", "| condition | target | goal | measured | |", "|---|---|---|---|---|"]
        for result in results {
            lines += targets(result)
        }
        return lines
    }

    private func row(_ gl: GLLoading, _ program: String, _ figures: Measurements) -> String {
        "| \(gl.label) | \(program) | \(figures.start.count) | \(ReportFormat.time(figures.start.median)) "
            + "| \(ReportFormat.time(figures.start.percentile(0.95))) | \(ReportFormat.mebibytes(kibibytes: Double(figures.medianResidentKiB))) |"
    }

    private func targets(_ result: DesktopStartResult) -> [String] {
        let app = result.app
        let condition = result.gl.label
        return [
            "| \(condition) | cold start to first frame | ≤ 250 ms | \(ReportFormat.time(app.start.median)) (p50) | \(ReportFormat.verdict(app.start.median <= Self.startTarget)) |",
            "| \(condition) | idle RSS | ≤ 90 MB (85.8 MiB) | \(ReportFormat.mebibytes(kibibytes: Double(app.medianResidentKiB))) | \(ReportFormat.verdict(app.medianResidentKiB <= Self.residentTargetKiB)) |",
            "| \(condition) | start against the minimal window | ≤ 1.3× | \(ReportFormat.ratio(result.startRatio)) | \(ReportFormat.verdict(result.startRatio <= Self.ratioTarget)) |",
            "| \(condition) | RSS against the minimal window | ≤ 1.3× | \(ReportFormat.ratio(result.residentRatio)) | \(ReportFormat.verdict(result.residentRatio <= Self.ratioTarget)) |",
        ]
    }

}
