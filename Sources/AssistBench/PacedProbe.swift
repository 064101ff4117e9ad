/// Sends numbered samples at a fixed rate, evenly spaced in time, then waits
/// for the stragglers: the load on the system under test is bounded by the
/// rate, not by how fast it answers.
enum PacedProbe {
    /// Sends samples `0..<count`, `perSecond` a second, through `send`, then
    /// waits up to `patience` for `recorder` to have every one back.
    static func run(
        count: Int, perSecond: Double, recorder: LatencyRecorder, patience: Duration,
        send: (Int) async -> Void
    ) async {
        let clock = ContinuousClock()
        let start = clock.now
        let spacing = Duration.seconds(1.0 / perSecond)
        for index in 0..<count {
            try? await clock.sleep(until: start + spacing * index)
            await send(index)
        }
        await Polling.wait(upTo: patience) { recorder.outstanding == 0 }
    }
}
