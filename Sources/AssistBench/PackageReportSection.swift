/// The "Package" section of the report: the `.deb` files' sizes, what they
/// take installed, and the installed app's start-up against the minimal window.
struct PackageReportSection {
    /// The figures.
    let result: PackageResult
    /// The report's machine and date lines.
    let machineLine: String
    let dateLine: String

    /// The section's Markdown lines.
    var lines: [String] {
        var lines = [
            "## Package",
            "",
            "The Debian 12 packages of `./build.sh package` (release, Swift's runtime linked statically, binaries",
            "stripped), and `assist-desktop` as installed from them (the install root's `usr/bin/assist-desktop`,",
            "which finds its data in `usr/share/assist`) launched as in \"Desktop start-up\" above, alternately with",
            "`gtk-minimal-window` (a dynamically linked release build).",
            "",
            machineLine,
            dateLine,
            "",
            "| package | .deb | installed (`Installed-Size`) |",
            "|---|---:|---:|",
        ]
        for package in result.packages {
            lines.append(
                "| `\(package.fileName)` | \(ReportFormat.mebibytes(kibibytes: Double(package.fileBytes) / 1_024)) "
                    + "| \(ReportFormat.mebibytes(kibibytes: Double(package.installedKiB))) |")
        }
        lines += [
            "",
            "| condition | program | launches | start p50 | start p95 | idle RSS (median) | against the minimal window (start, RSS) |",
            "|---|---|---:|---:|---:|---:|---|",
        ]
        for start in result.installedStart {
            lines.append(row(start.gl, "installed assist-desktop", start.app, ratios: start))
            lines.append(row(start.gl, "gtk-minimal-window (baseline)", start.baseline, ratios: nil))
        }
        return lines
    }

    private func row(_ gl: GLLoading, _ program: String, _ figures: Measurements, ratios: DesktopStartResult?) -> String {
        let against = ratios.map { "\(ReportFormat.ratio($0.startRatio)), \(ReportFormat.ratio($0.residentRatio))" } ?? ""
        return "| \(gl.label) | \(program) | \(figures.start.count) | \(ReportFormat.time(figures.start.median)) "
            + "| \(ReportFormat.time(figures.start.percentile(0.95))) "
            + "| \(ReportFormat.mebibytes(kibibytes: Double(figures.medianResidentKiB))) | \(against) |"
    }
}
