/// The "Web view" section of the report: the chat template's first paint,
/// the app's memory with a web view, and co-browse capture of a page.
struct WebViewReportSection {
    /// The figures.
    let result: WebViewResult
    /// The report's machine and date lines.
    let machineLine: String
    let dateLine: String

    /// The section's Markdown lines.
    var lines: [String] {
        var lines = [
            "## Web view",
            "",
            "What WebKitGTK costs the app (`AssistWeb`), each figure against a baseline measured alternately in the",
            "same run, on an Xvfb display.",
            "",
            "- **First paint**: a new 800 × 600 window with the app's `ChatTemplateView` (ephemeral session, the",
            "  bridge's scripts) is asked to load the chat template `assist` from the release `assist-server` on",
            "  loopback; the time runs to the page's `first-contentful-paint` (Paint Timing, observed by a script",
            "  in an isolated world and dated on the wall clock, `performance.timeOrigin + startTime`). Each load",
            "  is a new view, so it includes starting WebKit's web process, as the app's start does. Baseline: a",
            "  one-line page served by the same route. One warm-up of each is not counted.",
            "- **Memory**: `assist-desktop` launched with its native chat and in template mode (`--chat-url`, the",
            "  same template; the process becomes `assist-desktop-web`, the program that links WebKitGTK),",
            "  alternately, `GSK_RENDERER=cairo`, read \(ReportFormat.seconds(WebViewBenchmark.settle, decimals: 0)) after the window's first frame. WebKit runs",
            "  the page in processes of its own, so the whole tree below the app is read: `VmRSS` summed (shared",
            "  pages counted in each process) and `Pss` summed (each shared page split among its users).",
            "- **Capture + mask**: the support form of the co-browse benchmark written as a page (its account row",
            "  marked, a password field) in an `AssistWebView`, captured as the sharer does — masks decided from the",
            "  page's reported element rectangles and the widget tree, the window rendered with them, pixels",
            "  downloaded — against the same form as GTK widgets in a window of the same size.",
            "",
            machineLine,
            dateLine,
            "",
        ]
        lines += firstPaintLines + [""] + memoryLines + [""] + captureLines
        return lines
    }

    private var firstPaintLines: [String] {
        let template = result.templatePaint
        let minimal = result.minimalPaint
        return [
            "| from asking the view to load to the first contentful paint | loads | p50 | p95 |",
            "|---|---:|---:|---:|",
            "| the chat template `assist` | \(template.count) | \(ReportFormat.time(template.median)) | \(ReportFormat.time(template.percentile(0.95))) |",
            "| baseline: a one-line page, same route | \(minimal.count) | \(ReportFormat.time(minimal.median)) | \(ReportFormat.time(minimal.percentile(0.95))) |",
            "| template ÷ baseline | | \(ReportFormat.ratio(template.median / max(minimal.median, 1))) | \(ReportFormat.ratio(template.percentile(0.95) / max(minimal.percentile(0.95), 1))) |",
        ]
    }

    private var memoryLines: [String] {
        let native = result.nativeApp
        let template = result.templateApp
        func row(_ name: String, _ launches: [ProcessTreeMemory]) -> String {
            "| \(name) | \(launches.count) | \(ReportFormat.mebibytes(kibibytes: Double(launches.median(\.rootResidentKiB)))) "
                + "| \(launches.median(\.processes)) "
                + "| \(ReportFormat.mebibytes(kibibytes: Double(launches.median(\.residentKiB)))) "
                + "| \(ReportFormat.mebibytes(kibibytes: Double(launches.median(\.proportionalKiB)))) |"
        }
        func ratio(_ figure: (ProcessTreeMemory) -> Int) -> String {
            ReportFormat.ratio(Double(template.median(figure)) / Double(max(native.median(figure), 1)))
        }
        return [
            "| `assist-desktop` | launches | the app's own RSS | processes | RSS, all processes | PSS, all processes |",
            "|---|---:|---:|---:|---:|---:|",
            row("native chat (no web view)", native),
            row("template mode (the chat template in a web view)", template),
            "| template mode ÷ native | | \(ratio(\.rootResidentKiB)) | | \(ratio(\.residentKiB)) | \(ratio(\.proportionalKiB)) |",
            "",
            "Medians. The processes in template mode: \(template.last?.commands.map { "`\($0)`" }.joined(separator: ", ") ?? "none").",
        ]
    }

    private var captureLines: [String] {
        let web = result.webCapture
        let widgets = result.widgetCapture
        func row(_ name: String, _ capture: WebViewResult.Capture) -> String {
            "| \(name) | \(capture.width) × \(capture.height) | \(ReportFormat.time(capture.captureAndMask.median)) "
                + "| \(ReportFormat.time(capture.captureAndMask.percentile(0.95))) "
                + "| \(ReportFormat.time(capture.keyframe.percentile(0.95))) | \(ReportFormat.count(capture.keyframeBytes)) |"
        }
        return [
            "| capture + mask | size | p50 | p95 | with the keyframe encoded, p95 | bytes per keyframe |",
            "|---|---|---:|---:|---:|---:|",
            row("web view: the support form as a page", web),
            row("baseline: the same form as GTK widgets", widgets),
            "| web view ÷ widgets | | \(ReportFormat.ratio(web.captureAndMask.median / max(widgets.captureAndMask.median, 1))) "
                + "| \(ReportFormat.ratio(web.captureAndMask.percentile(0.95) / max(widgets.captureAndMask.percentile(0.95), 1))) "
                + "| \(ReportFormat.ratio(web.keyframe.percentile(0.95) / max(widgets.keyframe.percentile(0.95), 1))) | |",
        ]
    }
}
