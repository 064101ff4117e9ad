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

    /// The issues' targets: 10,000 idle sessions at ≤ 32 KiB each; relay p99
    /// at 1,000 sessions ≤ 5 ms and within 1.5× the bare echo's p99 and the
    /// SQLite-committing echo's p99; relay p50 and p99 within 2× Mosquitto's,
    /// and the server's CPU per message within 3× Mosquitto's. A target with
    /// lost samples, or measured at fewer sessions than it names, is not met.
    static func targets(of result: LoadResult) -> [LoadTarget] {
        let relayP99 = result.relay.percentile(0.99)
        let mosquittoMedianRatio = result.medianRatio(to: result.mosquitto)
        let mosquittoTailRatio = result.tailRatio(to: result.mosquitto)
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
                isMet: result.relayComplete && relayP99 <= 5_000_000),
            ratioTarget(
                "chat relay p99 against the bare echo p99", goal: 1.5, ratio: result.tailRatio(to: result.echo),
                result: result, baseline: result.echo),
            ratioTarget(
                "chat relay p99 against the SQLite-committing echo p99", goal: 1.5,
                ratio: result.tailRatio(to: result.sqliteEcho), result: result, baseline: result.sqliteEcho),
            LoadTarget(
                name: "chat relay p50 / p99 against Mosquitto's", goal: "≤ 2×",
                measured: "\(ReportFormat.ratio(mosquittoMedianRatio)) / \(ReportFormat.ratio(mosquittoTailRatio))",
                isMet: result.relayComplete && result.mosquitto.isComplete
                    && max(mosquittoMedianRatio, mosquittoTailRatio) <= 2),
            ratioTarget(
                "server CPU per 1,000 chats against Mosquitto's per 1,000 messages", goal: 3,
                ratio: result.cpuRatio(to: result.mosquitto), result: result, baseline: result.mosquitto),
        ]
    }

    /// A target that the relay's `ratio` to `baseline` is at most `goal`,
    /// met only when neither probe lost a sample.
    private static func ratioTarget(
        _ name: String, goal: Double, ratio: Double, result: LoadResult, baseline: BaselineMeasurement
    ) -> LoadTarget {
        LoadTarget(
            name: name, goal: "≤ \(String(format: "%g", goal))×", measured: ReportFormat.ratio(ratio),
            isMet: result.relayComplete && baseline.isComplete && ratio <= goal)
    }
}
