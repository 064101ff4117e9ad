import Foundation

/// The "Cluster" section of the report: relay latency across two nodes on
/// PostgreSQL beside one node on SQLite from the same run, memory per
/// session per node, and the time from a node's death to all of its
/// sessions resumed — once per PostgreSQL durability setting measured.
struct ClusterReportSection {
    /// The cluster's figures, one per `synchronous_commit` setting.
    let results: [ClusterResult]
    /// The single-node figures of the same run, for the comparison; `nil` when skipped.
    let singleNode: LoadResult?
    /// The report's machine line, repeated in the section.
    let machineLine: String
    /// The report's date line, repeated in the section.
    let dateLine: String

    /// The section's Markdown lines.
    var lines: [String] {
        var lines = [
            "## Cluster: two nodes on PostgreSQL",
            "",
            "Two release `assist-server` nodes share a throw-away PostgreSQL 15 (Unix socket, `fsync` on). The first",
            "node leads (it runs the hub), the second follows (it forwards its connections' frames to the leader",
            "over a direct link between the nodes, `docs/architecture.md`). `assist-bench` connects to the nodes directly, with the same",
            "pacing as the single-node probe above; the relay CPU is both nodes' together. Measured twice: with",
            "PostgreSQL's default `synchronous_commit = on` (each commit waits for its WAL flush) and with `off` (the WAL",
            "writer flushes within 200 ms: a crash of the database server, not of a node, can lose that much, the",
            "same class as SQLite's `synchronous = NORMAL` against a power cut).",
            "",
            machineLine,
            dateLine,
            "",
        ]
        for result in results { lines += section(result) }
        return lines
    }

    private func section(_ result: ClusterResult) -> [String] {
        var lines = [
            "### `synchronous_commit = \(result.synchronousCommit ? "on" : "off")`",
            "",
            "- Sessions per scenario: \(ReportFormat.count(result.sessions))",
            "",
            "| chat relay | p50 | p99 | samples (lost) | CPU per 1,000 chats | p99 / one node on SQLite |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        if let singleNode {
            lines.append(
                "| one node, SQLite (the Server load section) | \(ReportFormat.time(singleNode.relay.median)) "
                    + "| \(ReportFormat.time(singleNode.relay.percentile(0.99))) "
                    + "| \(ReportFormat.count(singleNode.relay.count)) (\(singleNode.relayLost)) "
                    + "| \(ReportFormat.seconds(singleNode.relayCPU.perThousandMessages, decimals: 3)) | 1.00× |")
        }
        for relay in result.relays {
            let sample = relay.outcome.sample
            let ratio = singleNode.map { ReportFormat.ratio(sample.percentile(0.99) / max($0.relay.percentile(0.99), 1)) }
            lines.append(
                "| \(relay.name) | \(ReportFormat.time(sample.median)) | \(ReportFormat.time(sample.percentile(0.99))) "
                    + "| \(ReportFormat.count(sample.count)) (\(relay.outcome.lost)) "
                    + "| \(ReportFormat.seconds(relay.outcome.cpu.perThousandMessages, decimals: 3)) | \(ratio ?? "—") |")
        }
        lines += [
            "",
            "| idle memory | sessions | RSS before → after | per session |",
            "|---|---:|---:|---:|",
        ]
        for memory in result.memory {
            lines.append(
                "| \(memory.name) | \(ReportFormat.count(memory.sessions)) "
                    + "| \(ReportFormat.count(memory.beforeKiB)) KiB → \(ReportFormat.count(memory.afterKiB)) KiB "
                    + "| \(String(format: "%.1f", memory.kibPerSession)) KiB |")
        }
        lines += [
            "",
            "| kill -9 of | sessions to resume | resumed | death → last session welcomed again |",
            "|---|---:|---:|---:|",
        ]
        for death in result.deaths {
            lines.append(
                "| the \(death.name) | \(ReportFormat.count(death.outcome.expected)) "
                    + "| \(ReportFormat.count(death.outcome.resumed)) | \(ReportFormat.seconds(death.outcome.time, decimals: 2)) |")
        }
        lines += [
            "",
            "Each consumer of the dead node reconnects to the survivor as soon as its connection drops, and again every",
            "\(ReportFormat.seconds(ResumeWave.retryInterval, decimals: 1)) while the survivor refuses it (a node without a "
                + "leader refuses upgrades until it leads).",
            "After the leader's death the survivor waits for the dead leader's lease to run out (4 s after its last",
            "renewal, `docs/operations.md`), takes the lead, then restores every session from PostgreSQL.",
            "Protocol problems seen: \(result.protocolProblems).",
            "",
        ]
        return lines
    }
}
