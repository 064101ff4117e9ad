import Foundation

/// Renders results as the Markdown of `docs/benchmarks.md`.
struct BenchmarkReport {
    /// The machine the run was on.
    let machine: MachineDescription
    /// When the run was.
    let date: Date
    /// The micro-benchmarks.
    let results: [BenchmarkResult]
    /// The server load figures; `nil` when the run skipped them.
    let load: LoadResult?
    /// The cluster figures, with PostgreSQL's `synchronous_commit` on and
    /// off; empty when the run skipped them.
    let cluster: [ClusterResult]
    /// The WAL soak figures; `nil` when the run skipped it.
    let walSoak: WalSoakResult?
    /// The desktop start-up figures, one per GL condition; empty when the run skipped them.
    let desktop: [DesktopStartResult]
    /// The packages' sizes and the installed app's start; `nil` when the run was given no packages.
    let package: PackageResult?
    /// The co-browse frame figures; `nil` when the run skipped them or had no display.
    let cobrowse: CobrowseResult?
    /// The screen share's figures; `nil` when the run was given none.
    let screen: ScreenShareResult?
    /// The web view's figures; `nil` when the run skipped them or had no display.
    let web: WebViewResult?
    /// The call's figures; `nil` when the run was given none.
    let call: CallBenchResult?
    /// Files through the server; `nil` when the run skipped them.
    let attachments: AttachmentResult?

    /// The whole document.
    var markdown: String {
        let machineLine = "- Machine: \(machine.summary)"
        let dateLine = "- Date: \(ISO8601DateFormatter().string(from: date))"
        var lines = [
            "# Benchmarks",
            "",
            "Written by `./build.sh bench` (release build). Times are per operation; every ratio compares",
            "against a baseline measured in the same run, because this machine is shared and noisy.",
            "",
            machineLine,
            dateLine,
            "",
            "| benchmark | what | p50 | p95 | baseline | baseline p50 | ratio (p50) |",
            "|---|---|---:|---:|---|---:|---:|",
        ]
        for result in results {
            lines.append(
                "| \(result.name) | \(result.detail) | \(ReportFormat.time(result.measured.median)) "
                    + "| \(ReportFormat.time(result.measured.percentile(0.95))) | \(result.baselineName) "
                    + "| \(ReportFormat.time(result.baseline.median)) | \(ReportFormat.ratio(result.ratio)) |")
        }
        lines.append("")
        if let load {
            lines += LoadReportSection(result: load, machineLine: machineLine, dateLine: dateLine).lines
        } else {
            lines += ["## Server load", "", "Not run (`--skip-load`)."]
        }
        lines.append("")
        if !cluster.isEmpty {
            lines += ClusterReportSection(results: cluster, singleNode: load, machineLine: machineLine, dateLine: dateLine).lines
        } else {
            lines += ["## Cluster: two nodes on PostgreSQL", "", "Not run (`--skip-cluster`)."]
        }
        lines.append("")
        if let walSoak {
            lines += WalSoakReportSection(result: walSoak, machineLine: machineLine, dateLine: dateLine).lines
        } else {
            lines += ["## Store under a long chat (WAL soak)", "", "Not run (`--skip-wal-soak`)."]
        }
        lines.append("")
        if !desktop.isEmpty {
            lines += DesktopReportSection(results: desktop, machineLine: machineLine, dateLine: dateLine).lines
        } else {
            lines += ["## Desktop start-up", "", "Not run (`--skip-desktop`)."]
        }
        lines.append("")
        if let package {
            lines += PackageReportSection(result: package, machineLine: machineLine, dateLine: dateLine).lines
        } else {
            lines += ["## Package", "", "Not run (no `--package` and `--installed-app`)."]
        }
        lines.append("")
        if let attachments {
            lines += AttachmentReportSection(result: attachments, machineLine: machineLine, dateLine: dateLine).lines
        } else {
            lines += ["## Files in chat", "", "Not run (`--skip-attachments`)."]
        }
        lines.append("")
        if let cobrowse {
            lines += CobrowseReportSection(result: cobrowse, machineLine: machineLine, dateLine: dateLine).lines
        } else {
            lines += ["## Co-browse frames", "", "Not run (`--skip-cobrowse`, or no display)."]
        }
        lines.append("")
        if let screen {
            lines += ScreenShareSection(result: screen).lines
        } else {
            lines += ["## Screen share", "", "Not run (no `--screen-results`)."]
        }
        lines.append("")
        if let web {
            lines += WebViewReportSection(result: web, machineLine: machineLine, dateLine: dateLine).lines
        } else {
            lines += ["## Web view", "", "Not run (`--skip-web`, or no display)."]
        }
        lines.append("")
        if let call {
            lines += CallReportSection(result: call, machineLine: machineLine, dateLine: dateLine).lines
        } else {
            lines += ["## Call", "", "Not run (no `--call-results`)."]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
