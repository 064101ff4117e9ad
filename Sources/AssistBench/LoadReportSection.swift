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
            latencyRow("bare WebSocket echo p50 / p99 (the floor)", result.echo, over: "connections"),
            ratioRow("relay / echo", to: result.echo),
            latencyRow("SQLite-committing echo p50 / p99 (the stored-before-relayed floor)", result.sqliteEcho, over: "connections"),
            ratioRow("relay / SQLite echo", to: result.sqliteEcho),
            latencyRow("Mosquitto QoS 1 relay p50 / p99 (the external peer)", result.mosquitto, over: "pairs"),
            ratioRow("relay / Mosquitto", to: result.mosquitto),
            cpuRow("assist-server CPU per 1,000 chats relayed", result.relayCPU),
            cpuRow("bare echo CPU per 1,000 echoes", result.echo.cpu),
            cpuRow("SQLite echo CPU per 1,000 echoes", result.sqliteEcho.cpu),
            cpuRow("Mosquitto CPU per 1,000 messages", result.mosquitto.cpu),
            "| assist-server CPU / Mosquitto CPU, per message | \(ReportFormat.ratio(result.cpuRatio(to: result.mosquitto))) |",
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
            "- **SQLite floor**: the same echo server committing each frame to SQLite before it echoes it, with the",
            "  server's own database setup (`SupportDatabase`: WAL, `synchronous = NORMAL`, no automatic",
            "  checkpoints, a checkpoint every second on a connection of its own): one row per frame, one",
            "  transaction each, one at a time, as the server commits each event before relaying it.",
            "- **Mosquitto**: Debian's `mosquitto` broker in a child process (anonymous, persistence off, so it",
            "  stores nothing per message), MQTT 3.1.1 over WebSocket with the same client library (subprotocol",
            "  `mqtt`, binary frames); \(ReportFormat.count(result.mosquitto.channels)) publisher–subscriber pairs, "
                + "a topic each. The publisher publishes at QoS 1 and the",
            "  subscriber, subscribed at QoS 1, answers each message with a PUBACK. A message is timed from just",
            "  before its PUBLISH goes to the publisher's connection until the subscriber's connection receives it.",
            "  The payload is the sample's text, as in the echoes and in the chat message. Debian's Mosquitto 2.0",
            "  serves WebSockets through libwebsockets, which polls every connection it holds on each event, so",
            "  its CPU per message grows with the pairs ([server-profile.md](server-profile.md)).",
            "- **Pacing**, the same for all four: \(ReportFormat.count(settings.warmUpSamples)) warm-up samples, then "
                + "\(ReportFormat.count(settings.samples)) timed ones, \(String(format: "%.0f", settings.samplesPerSecond)) a second,",
            "  round-robin over the connections or pairs (each sends one every \(String(format: "%.1f", perSession)) s). "
                + "A sample that has not arrived 10 s after the last was sent is lost.",
            "- **CPU**: user + system time of each server process (`/proc/<pid>/stat`, in 10 ms ticks) from the",
            "  first warm-up sample until the probe ends, per 1,000 samples sent (warm-up included). The",
            "  server's includes the upkeep of every session it holds meanwhile (a WebSocket ping every 30 s",
            "  each); Mosquitto's clients send no keep-alive.",
            "- **Where the server's CPU goes**: a `perf` profile of `assist-server` during this relay, taken by",
            "  hand: [server-profile.md](server-profile.md).",
            "",
            "| target | goal | measured | |",
            "|---|---|---|---|",
        ]
        for target in LoadTarget.targets(of: result) {
            lines.append(ReportFormat.targetRow(target.name, target.goal, target.measured, target.isMet))
        }
        return lines
    }

    /// A table row with `measurement`'s p50 and p99, and the samples and the
    /// connections or pairs (`channels`) they were spread over.
    private func latencyRow(_ name: String, _ measurement: BaselineMeasurement, over channels: String) -> String {
        "| \(name) | \(ReportFormat.time(measurement.sample.median)) / \(ReportFormat.time(measurement.sample.percentile(0.99))) "
            + "(\(ReportFormat.count(measurement.sample.count)) samples over \(ReportFormat.count(measurement.channels)) \(channels), "
            + "\(measurement.lost) lost) |"
    }

    /// A table row with the relay's p50 and p99 over `baseline`'s.
    private func ratioRow(_ name: String, to baseline: BaselineMeasurement) -> String {
        "| \(name) | \(ReportFormat.ratio(result.medianRatio(to: baseline))) (p50), "
            + "\(ReportFormat.ratio(result.tailRatio(to: baseline))) (p99) |"
    }

    /// A table row with a server's CPU time per 1,000 messages, and in all.
    private func cpuRow(_ name: String, _ cpu: CPUCost) -> String {
        "| \(name) | \(ReportFormat.seconds(cpu.perThousandMessages, decimals: 3)) "
            + "(\(ReportFormat.seconds(cpu.time, decimals: 2)) over \(ReportFormat.count(cpu.messages))) |"
    }
}
