import ServiceLifecycle

/// Turns a graceful shutdown into the protocol's "going away" (§11.4): runs
/// until the server is asked to stop, then has the hub close every
/// connection with 1001 before the HTTP server begins its own shutdown.
///
/// It must come after the application in the service group, which shuts
/// services down in reverse order: left to the WebSocket library, every
/// connection would be closed with 1000, which tells clients that their
/// session is over.
struct GoingAwayService: Service {
    /// Has every connection closed with 1001 within a time (``ServerBackend/goAway``).
    let goAway: @Sendable (_ timeout: Duration) async -> Void
    /// Upgrades, which stop once every connection is told to go away.
    let gate: UpgradeGate
    /// How long to wait for the close frames to be written.
    let timeout: Duration

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return
        }
        await goAway(timeout)
        await gate.shut(within: timeout)
    }
}
