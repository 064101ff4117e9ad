import Foundation

/// The "Server load" section of the report: the figures, how they were
/// measured, and each target marked met or not met.
struct LoadReportSection {
    /// The figures.
    let result: LoadResult
    /// The report's machine line, repeated in the section.
    let machineLine: String
    /// The report's date line, repeated in the section.
    let dateLine: String

    /// The section's Markdown lines.
    var lines: [String] {
        let settings = result.settings
        let perSession = Double(result.relaySessions) / settings.samplesPerSecond
        var lines = [
            "## Server load",
            "",
            "The release `assist-server` runs as a child process on 127.0.0.1; `assist-bench` drives it over real",
            "WebSockets (hummingbird-websocket's client) with the Assist protocol: `hello` → `welcome`, sequence",
            "numbers and acknowledgements through `ReliableChannel`.",
            "",
            machineLine,
            dateLine,
            "- Open-file limit: \(ReportFormat.count(result.openFileLimit.current))"
                + (result.openFileLimit.wasRaised ? " (raised from \(ReportFormat.count(result.openFileLimit.original)))" : ""),
            "",
            "| figure | value |",
            "|---|---:|",
            "| idle sessions requested | \(ReportFormat.count(result.requestedSessions)) |",
            "| sessions held (welcomed and still open) | \(ReportFormat.count(result.sessionsHeld)) |",
            "| time to open them (batches of \(settings.batchSize)) | \(ReportFormat.seconds(result.openingTime)) |",
            "| server RSS before → after | \(ReportFormat.count(result.residentBeforeKiB)) KiB → \(ReportFormat.count(result.residentAfterKiB)) KiB |",
            "| server RSS per idle session | \(String(format: "%.1f", result.kibPerSession)) KiB |",
            "| sessions assigned to the agent | \(ReportFormat.count(result.relaySessions)) |",
            "| chat relay p50 / p99 | \(ReportFormat.time(result.relay.median)) / \(ReportFormat.time(result.relay.percentile(0.99))) "
                + "(\(ReportFormat.count(result.relay.count)) samples, \(result.relayLost) lost) |",
            "| bare WebSocket echo p50 / p99 (the floor) | \(ReportFormat.time(result.echo.median)) / \(ReportFormat.time(result.echo.percentile(0.99))) "
                + "(\(ReportFormat.count(result.echo.count)) samples over \(ReportFormat.count(result.echoConnections)) connections, \(result.echoLost) lost) |",
            "| relay / echo | \(ReportFormat.ratio(result.medianRatio)) (p50), \(ReportFormat.ratio(result.tailRatio)) (p99) |",
            "| protocol problems seen | \(result.protocolProblems) |",
            "",
        ]
        if result.attemptedSessions < result.requestedSessions {
            lines += [
                "The open-file limit allowed only \(ReportFormat.count(result.attemptedSessions)) of the "
                    + "\(ReportFormat.count(result.requestedSessions)) sessions requested.",
                "",
            ]
        }
        if result.agentDropped {
            lines += ["The server closed the agent's connection before the relay probe ended.", ""]
        }
        if result.openingTimedOut {
            lines += [
                "Opening stopped at the benchmark's time limit (\(ReportFormat.seconds(result.openingTime))) after "
                    + "\(ReportFormat.count(result.sessionsTried)) sessions had been tried.",
                "",
            ]
        }
        if result.sessionsFailed > 0 {
            lines += [
                "\(ReportFormat.count(result.sessionsFailed)) sessions failed before their welcome; the first: "
                    + "\(result.firstFailure ?? "no reason given").",
                "",
            ]
        }
        lines += [
            "How it is measured:",
            "",
            "- **Memory**: `VmRSS` of the server (`/proc/<pid>/status`) once it listens, and again 2 s after every",
            "  session is welcomed; (after − before) ÷ sessions held. The sessions wait in the queue of the",
            "  destination `bench` while no agent is online, each on its own connection.",
            "- **Relay**: one agent (capacity \(ReportFormat.count(result.relaySessions))) then takes the "
                + "\(ReportFormat.count(result.relaySessions)) longest-waiting sessions, one `acceptNext` at a time;",
            "  the other sessions stay open and queued. A consumer's `chat` is timed on the monotonic clock from",
            "  just before its encoded frame goes to its connection until the agent's connection receives the",
            "  relayed `chat` (before decoding), both in `assist-bench`. The server stores each message in SQLite",
            "  before relaying it.",
            "- **Floor**: a bare Hummingbird WebSocket echo server (same WebSocket settings as `assist-server`) in a",
            "  child process; a frame is timed from just before it goes to its connection until the echo arrives.",
            "- **Pacing**, the same for both: \(ReportFormat.count(settings.warmUpSamples)) warm-up samples, then "
                + "\(ReportFormat.count(settings.samples)) timed ones, \(String(format: "%.0f", settings.samplesPerSecond)) a second,",
            "  round-robin over the connections (each sends one every \(String(format: "%.1f", perSession)) s). "
                + "A sample that has not arrived 10 s after the last was sent is lost.",
            "",
            "| target | goal | measured | |",
            "|---|---|---|---|",
        ]
        for target in LoadTarget.targets(of: result) {
            lines.append("| \(target.name) | \(target.goal) | \(target.measured) | \(target.isMet ? "met" : "**not met**") |")
        }
        return lines
    }
}
