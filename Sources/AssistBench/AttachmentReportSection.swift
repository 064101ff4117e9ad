import Foundation

/// The "Files in chat" section of the report.
struct AttachmentReportSection {
    let result: AttachmentResult
    /// The report's machine and date lines.
    let machineLine: String
    let dateLine: String

    /// The section's Markdown lines.
    var lines: [String] {
        var lines = [
            "## Files in chat",
            "",
            "A file goes through the release server as the app sends it: uploaded in 1-MiB parts and downloaded",
            "with `AttachmentTransfer` (stored in 256-KiB rows of the server's SQLite database), against `curl`",
            "fetching the same bytes from the same server's static file route (the console's folder) in the same",
            "run; medians of \(result.runs) runs. The server's resident memory is sampled every 10 ms while each",
            "size's trips run: it should not grow with the file's size.",
            "",
            machineLine,
            dateLine,
            "",
            "| file | upload | download | curl, static route | download ÷ curl | upload ÷ curl | server RSS before → peak |",
            "|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for trip in result.trips {
            lines.append(
                "| \(megabytes(trip.bytes)) | \(rate(trip.bytes, trip.upload)) | \(rate(trip.bytes, trip.download)) "
                    + "| \(rate(trip.bytes, trip.staticFetch)) | \(ReportFormat.ratio(trip.download / trip.staticFetch)) "
                    + "| \(ReportFormat.ratio(trip.upload / trip.staticFetch)) "
                    + "| \(trip.residentBeforeKiB / 1024) → \(trip.residentPeakKiB / 1024) MiB |")
        }
        if let small = result.trips.first, let large = result.trips.last, large.bytes > small.bytes {
            let growth = Double(large.residentPeakKiB - small.residentPeakKiB) / 1024
            lines += [
                "",
                "Times are ratios of durations (higher is slower). Peak RSS with the \(megabytes(large.bytes)) file is "
                    + String(format: "%+.1f", growth) + " MiB against the \(megabytes(small.bytes)) file's, for "
                    + String(format: "%.0f", Double(large.bytes - small.bytes) / 1_048_576) + " MiB more file.",
            ]
        }
        return lines
    }

    private func megabytes(_ bytes: Int) -> String {
        "\(bytes / 1_000_000) MB"
    }

    /// `bytes` over `seconds`, as "12.3 ms (340 MB/s)".
    private func rate(_ bytes: Int, _ seconds: Double) -> String {
        String(format: "%.0f ms (%.0f MB/s)", seconds * 1000, Double(bytes) / seconds / 1_000_000)
    }
}
