import Foundation

/// Renders results as the Markdown of `docs/benchmarks.md`.
struct BenchmarkReport {
    let machine: MachineDescription
    let date: Date
    let results: [BenchmarkResult]

    /// The whole document.
    var markdown: String {
        var lines = [
            "# Benchmarks",
            "",
            "Written by `./build.sh bench` (release build). Times are per operation; every ratio compares",
            "against a baseline measured in the same run, because this machine is shared and noisy.",
            "",
            "- Machine: \(machine.summary)",
            "- Date: \(ISO8601DateFormatter().string(from: date))",
            "",
            "| benchmark | what | p50 | p95 | baseline | baseline p50 | ratio (p50) |",
            "|---|---|---:|---:|---|---:|---:|",
        ]
        for result in results {
            lines.append(
                "| \(result.name) | \(result.detail) | \(Self.time(result.measured.median)) "
                    + "| \(Self.time(result.measured.percentile(0.95))) | \(result.baselineName) "
                    + "| \(Self.time(result.baseline.median)) | \(String(format: "%.2f×", result.ratio)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func time(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: String(format: "%.1f µs", nanoseconds / 1_000)
        default: String(format: "%.2f ms", nanoseconds / 1_000_000)
        }
    }
}
