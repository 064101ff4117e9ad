import Foundation

/// The "Store under a long chat" section of the report: the WAL's size
/// while thousands of chats are committed, and the restart after them.
struct WalSoakReportSection {
    /// The figures.
    let result: WalSoakResult
    /// The report's machine line, repeated in the section.
    let machineLine: String
    /// The report's date line, repeated in the section.
    let dateLine: String

    /// The section's Markdown lines.
    var lines: [String] {
        var lines = [
            "## Store under a long chat (WAL soak)",
            "",
            "The release `assist-server` on 127.0.0.1 relays \(ReportFormat.count(result.chats)) chats from "
                + "\(result.sessions) consumers to one agent",
            "at \(Int(result.chatsPerSecond)) a second: each chat is one commit (the transcript, the agent's outbox, "
                + "both streams' counters) before it is relayed. The database",
            "and its WAL are measured every 100 ms. Then the server is killed (`kill -9`) and started again on the",
            "same database; the time to its `listening on` line includes recovering the WAL. The bound: §11.4 of",
            "`docs/protocol.md` (a truncating checkpoint once the WAL holds more than 1,000 pages, ≈ 4 MB).",
            "",
            machineLine,
            dateLine,
            "",
            "| figure | value |",
            "|---|---:|",
            "| chat relay p50 / p99 / max | \(ReportFormat.time(result.relay.median)) / "
                + "\(ReportFormat.time(result.relay.percentile(0.99))) / \(ReportFormat.time(result.relay.percentile(1))) "
                + "(\(ReportFormat.count(result.relay.count)) chats, \(result.lost) lost) |",
            "| largest WAL while chatting | \(Self.size(result.largestWALBytes)) |",
            "| WAL / database at `kill -9` | \(Self.size(result.atKill.walBytes)) / \(Self.size(result.atKill.databaseBytes)) |",
            "| restart on that database, to `listening on` | \(ReportFormat.seconds(result.restartTime)) |",
            "",
            "| time | WAL | database |",
            "|---:|---:|---:|",
        ]
        for reading in result.readings {
            lines.append(
                "| \(ReportFormat.seconds(reading.elapsed)) | \(Self.size(reading.walBytes)) | \(Self.size(reading.databaseBytes)) |")
        }
        return lines
    }

    /// A size in MB with one decimal (KB below 1 MB).
    private static func size(_ bytes: Int) -> String {
        bytes < 1_000_000 ? String(format: "%.0f KB", Double(bytes) / 1_000) : String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
