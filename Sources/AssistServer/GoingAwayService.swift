import Logging
import ServiceLifecycle

/// Turns a graceful shutdown into the protocol's "going away" (§11.4): runs
/// until the server is asked to stop, then has the hub close every
/// connection with 1001 before the HTTP server begins its own shutdown.
///
/// It must come after the application in the service group, which shuts
/// services down in reverse order: left to the WebSocket library, every
/// connection would be closed with 1000, which tells clients that their
/// session is over.
///
/// A shutdown still waiting on connections once its time is up says which
/// ones and where each one is (``OpenConnections``) in the log, once just
/// before the graceful part ends (what is left is then cancelled) and once
/// just before the process is made to end.
struct GoingAwayService: Service {
    /// Has every connection closed with 1001 within a time (``ServerBackend/goAway``).
    let goAway: @Sendable (_ timeout: Duration) async -> Void
    /// Upgrades, which stop once every connection is told to go away.
    let gate: UpgradeGate
    /// The connections whose handlers are running.
    let connections: OpenConnections
    /// The whole shutdown's limit (`--shutdown-timeout`); a quarter of it
    /// goes to writing the 1001 closes, a quarter to pending upgrades.
    let shutdownTimeout: Duration
    let logger: Logger

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return
        }
        let started = ContinuousClock.now
        logger.info("shutting down: closing every connection with 1001", metadata: ["connections": "\(connections.count)"])
        Task { [connections, shutdownTimeout, logger] in
            let stages = [
                (shutdownTimeout * 0.9, "graceful shutdown almost out of time"),
                (shutdownTimeout * 0.9, "cancelled shutdown almost out of time"),
            ]
            for (wait, stage) in stages {
                try await Task.sleep(for: wait)
                let waiting = connections.report()
                guard !waiting.isEmpty else { return }
                logger.warning(
                    "\(stage); connections still open: \(waiting.count)",
                    metadata: ["connections": .array(waiting.map { .string($0) })])
            }
        }
        await goAway(shutdownTimeout / 4)
        await gate.shut(within: shutdownTimeout / 4)
        logger.info(
            "every connection told to go away",
            metadata: [
                "after": "\(ContinuousClock.now - started)", "still open": "\(connections.count)",
            ])
    }
}
