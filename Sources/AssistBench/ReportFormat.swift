import Foundation

/// How the report writes numbers.
enum ReportFormat {
    /// A time given in nanoseconds, in the unit that suits it.
    static func time(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: String(format: "%.1f µs", nanoseconds / 1_000)
        default: String(format: "%.2f ms", nanoseconds / 1_000_000)
        }
    }

    /// A whole number with thousands separators: 10,000.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// A size given in KiB, in MiB with one decimal.
    static func mebibytes(kibibytes: Double) -> String {
        String(format: "%.1f MiB", kibibytes / 1024)
    }

    /// A duration in seconds, with `decimals` digits after the point (one unless asked).
    static func seconds(_ duration: Duration, decimals: Int = 1) -> String {
        String(format: "%.\(decimals)f s", LatencySample.nanoseconds(of: duration) / 1e9)
    }

    /// A ratio of a figure to its baseline, two decimals: 1.52×.
    static func ratio(_ value: Double) -> String {
        String(format: "%.2f×", value)
    }

    /// Whether a target was met, as the reports' tables say it.
    static func verdict(_ met: Bool) -> String {
        met ? "met" : "**not met**"
    }

    /// One row of a "| target | goal | measured | |" table.
    static func targetRow(_ name: String, _ goal: String, _ measured: String, _ met: Bool) -> String {
        "| \(name) | \(goal) | \(measured) | \(verdict(met)) |"
    }
}
