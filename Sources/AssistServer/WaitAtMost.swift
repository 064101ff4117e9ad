/// Runs `operation` in a task of its own and returns as soon as it finishes,
/// `timeout` has passed on `clock`, or the calling task is cancelled,
/// whichever comes first.
///
/// For waits that cannot be cancelled — a checked continuation, a close
/// frame stuck behind a stalled peer's socket — so they are never awaited
/// directly: an operation still running at the timeout is left to finish on
/// its own.
func waitAtMost(
    _ timeout: Duration, on clock: any Clock<Duration> = ContinuousClock(),
    _ operation: @escaping @Sendable () async -> Void
) async {
    let (done, finish) = AsyncStream.makeStream(of: Void.self)
    Task {
        await operation()
        finish.finish()
    }
    let timer = Task {
        try? await clock.sleep(for: timeout)
        finish.finish()
    }
    for await _ in done {}
    timer.cancel()
}
