import Foundation

/// The "Co-browse frames" section of the report, with the co-browse issue's targets.
struct CobrowseReportSection {
    let result: CobrowseResult
    /// The report's machine and date lines.
    let machineLine: String
    let dateLine: String

    /// A full frame's p95, in nanoseconds.
    static let fullFrameTarget = 20e6
    /// Bytes of one update while typing.
    static let typingTarget = 10_000
    /// Bytes of a keyframe.
    static let keyframeTarget = 100_000

    /// The section's Markdown lines.
    var lines: [String] {
        let typing = result.typingBytes.sorted()
        let typingMedian = typing.isEmpty ? 0 : typing[typing.count / 2]
        let typingMax = typing.last ?? 0
        let fullP95 = result.fullFrame.percentile(0.95)
        return [
            "## Co-browse frames",
            "",
            "A real GTK window of \(result.width) × \(result.height) pixels (a support form: entries, a password, a",
            "notes field, check boxes, buttons; one row carries a marker the agent may not view) is shared with an",
            "agent holding the implicit default permission, in-process, on an Xvfb display. Steps as the app runs",
            "them: read the widget tree and decide the masks; render the window inside the visible region, masks",
            "filled (cairo renderer); compare with the previous capture in 64-pixel tiles; encode a keyframe (each",
            "tile solid or PNG through GTK's encoder) in the wire format. The baseline is the same capture encoded",
            "as one whole PNG with the same encoder, in the same run. PNG was chosen over WebP because GTK 4.8",
            "writes PNG and nothing else, and browsers decode both; WebP would need a second C library.",
            "",
            machineLine,
            dateLine,
            "",
            "| step | p50 | p95 |",
            "|---|---:|---:|",
            row("read the widget tree and decide the masks", result.mask),
            row("capture: render with masks, download the pixels", result.capture),
            row("diff against the previous capture (nothing changed)", result.diff),
            row("encode a keyframe (tiles, PNG or solid, wire format)", result.encode),
            row("**full keyframe** (the three steps a keyframe takes)", result.fullFrame),
            row("baseline: the same capture as one whole PNG", result.wholePNG),
            "",
            "| figure | value |",
            "|---|---:|",
            "| bytes per keyframe | \(ReportFormat.count(result.keyframeBytes)) |",
            "| baseline: bytes of the whole-window PNG | \(ReportFormat.count(result.wholePNGBytes)) |",
            "| keyframe encode p50 / whole PNG p50 | "
                + ReportFormat.ratio(result.encode.median / max(result.wholePNG.median, 1)) + " |",
            "| bytes per update while typing into one field (p50 / max of \(typing.count)) | "
                + "\(ReportFormat.count(typingMedian)) / \(ReportFormat.count(typingMax)) |",
            "| bytes sent while idle for " + String(format: "%.0f", result.idleSeconds)
                + " s after the keyframe (the real sharer) | \(ReportFormat.count(result.idleBytes)) |",
            "",
            "| target | goal | measured | |",
            "|---|---|---|---|",
            ReportFormat.targetRow("full frame p95", "≤ 20 ms", ReportFormat.time(fullP95), fullP95 <= Self.fullFrameTarget),
            ReportFormat.targetRow("idle", "0 bytes", ReportFormat.count(result.idleBytes) + " bytes", result.idleBytes == 0),
            ReportFormat.targetRow(
                "typing, per update", "≤ 10 KB", ReportFormat.count(typingMax) + " bytes at most",
                typingMax <= Self.typingTarget),
            ReportFormat.targetRow(
                "keyframe", "≤ 100 KB", ReportFormat.count(result.keyframeBytes) + " bytes",
                result.keyframeBytes <= Self.keyframeTarget),
        ]
    }

    private func row(_ step: String, _ sample: LatencySample) -> String {
        "| \(step) | \(ReportFormat.time(sample.median)) | \(ReportFormat.time(sample.percentile(0.95))) |"
    }
}
