import Foundation

/// One target of the load benchmark checked against its figure.
struct LoadTarget {
    /// What the target is about.
    let name: String
    /// The goal, as the issue states it.
    let goal: String
    /// The figure this run measured.
    let measured: String
    /// Whether the figure meets the goal.
    let isMet: Bool

    /// The targets: 10,000 idle sessions at ≤ 32 KiB each; relay p99
    /// at 1,000 sessions ≤ 5 ms and within 1.5× the bare echo's p99. A
    /// latency target with lost samples, or measured at fewer sessions than
    /// it names, is not met.
    static func targets(of result: LoadResult) -> [LoadTarget] {
        let relayP99 = result.relay.percentile(0.99)
        let relayComplete = result.relayLost == 0 && result.relay.count > 0 && result.relaySessions >= 1_000
        let echoComplete = result.echoLost == 0 && result.echo.count > 0
        return [
            LoadTarget(
                name: "idle sessions held", goal: "10,000",
                measured: "\(ReportFormat.count(result.sessionsHeld)) of \(ReportFormat.count(result.sessionsTried)) tried",
                isMet: result.sessionsHeld >= 10_000),
            LoadTarget(
                name: "server RSS per idle session", goal: "≤ 32 KiB",
                measured: String(format: "%.1f KiB", result.kibPerSession),
                isMet: result.sessionsHeld >= 10_000 && result.kibPerSession <= 32),
            LoadTarget(
                name: "chat relay p99 at 1,000 sessions", goal: "≤ 5 ms",
                measured: "\(ReportFormat.time(relayP99)) at \(ReportFormat.count(result.relaySessions)) sessions",
                isMet: relayComplete && relayP99 <= 5_000_000),
            LoadTarget(
                name: "chat relay p99 against the bare echo p99", goal: "≤ 1.5×",
                measured: ReportFormat.ratio(result.tailRatio),
                isMet: relayComplete && echoComplete && result.tailRatio <= 1.5),
        ]
    }
}
