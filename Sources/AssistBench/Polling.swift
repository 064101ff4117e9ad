/// Waiting for a condition another task makes true, by polling: the load
/// benchmark's barriers are few and coarse, and a bounded poll cannot hang.
enum Polling {
    /// Checks `condition` every 20 ms until it holds or `timeout` has passed;
    /// returns whether it holds.
    @discardableResult
    static func wait(upTo timeout: Duration, until condition: () async -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while await !condition() {
            guard clock.now < deadline else { return false }
            try? await clock.sleep(for: .milliseconds(20))
        }
        return true
    }
}
