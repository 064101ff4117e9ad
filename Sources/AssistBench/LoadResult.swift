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
    /// Client → echo server → client: the timed samples that arrived.
    let echo: LatencySample
    /// Echo samples that never arrived.
    let echoLost: Int
    /// Echo connections the samples were spread over.
    let echoConnections: Int
    /// Frames that did not decode, broke sequencing, or were `error`s.
    let protocolProblems: Int
    /// How the probes were run.
    let settings: LoadSettings

    /// Server RSS growth per held session, in KiB.
    var kibPerSession: Double {
        sessionsHeld > 0 ? Double(residentAfterKiB - residentBeforeKiB) / Double(sessionsHeld) : 0
    }

    /// Relay p50 over echo p50.
    var medianRatio: Double { relay.median / max(echo.median, 1) }

    /// Relay p99 over echo p99.
    var tailRatio: Double { relay.percentile(0.99) / max(echo.percentile(0.99), 1) }
}
