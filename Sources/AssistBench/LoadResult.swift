/// The figures of one load benchmark run.
struct LoadResult {
    /// Sessions asked for with `--sessions`.
    let requestedSessions: Int
    /// Sessions attempted: the request, or fewer when the open-file limit is too low.
    let attemptedSessions: Int
    /// The open-file limit the run had.
    let openFileLimit: OpenFileLimit
    /// Sessions welcomed and still open when the memory was measured.
    let sessionsHeld: Int
    /// Connections that failed before their welcome.
    let sessionsFailed: Int
    /// Why the first of them failed.
    let firstFailure: String?
    /// How long opening the sessions took.
    let openingTime: Duration
    /// Sessions tried before opening stopped.
    let sessionsTried: Int
    /// Whether opening stopped at its time limit.
    let openingTimedOut: Bool
    /// Server RSS before the sessions were opened, in KiB.
    let residentBeforeKiB: Int
    /// Server RSS once they were all open and idle, in KiB.
    let residentAfterKiB: Int
    /// Sessions the agent took and chat was relayed through.
    let relaySessions: Int
    /// Consumer chat → agent: the timed samples that arrived.
    let relay: LatencySample
    /// Relay samples that never arrived.
    let relayLost: Int
    /// Whether the server closed the agent's connection before the relay probe ended.
    let agentDropped: Bool
    /// The server's CPU time while the chats were relayed.
    let relayCPU: CPUCost
    /// Client → bare echo server → client.
    let echo: BaselineMeasurement
    /// Client → SQLite-committing echo server → client.
    let sqliteEcho: BaselineMeasurement
    /// Publisher → Mosquitto → subscriber, at QoS 1.
    let mosquitto: BaselineMeasurement
    /// Frames that did not decode, broke sequencing, or were `error`s.
    let protocolProblems: Int
    /// How the probes were run.
    let settings: LoadSettings

    /// Server RSS growth per held session, in KiB.
    var kibPerSession: Double {
        sessionsHeld > 0 ? Double(residentAfterKiB - residentBeforeKiB) / Double(sessionsHeld) : 0
    }

    /// Whether every timed relay sample arrived, over at least 1,000 sessions.
    var relayComplete: Bool { relayLost == 0 && relay.count > 0 && relaySessions >= 1_000 }

    /// Relay p50 over `baseline`'s p50.
    func medianRatio(to baseline: BaselineMeasurement) -> Double {
        relay.median / max(baseline.sample.median, 1)
    }

    /// Relay p99 over `baseline`'s p99.
    func tailRatio(to baseline: BaselineMeasurement) -> Double {
        relay.percentile(0.99) / max(baseline.sample.percentile(0.99), 1)
    }

    /// The server's CPU time per 1,000 chats over `baseline`'s per 1,000 messages.
    func cpuRatio(to baseline: BaselineMeasurement) -> Double {
        let server = LatencySample.nanoseconds(of: relayCPU.perThousandMessages)
        return server / max(LatencySample.nanoseconds(of: baseline.cpu.perThousandMessages), 1)
    }
}
