public import Logging
public import ServiceLifecycle
import UnixSignals

extension SupportServer {
    /// Runs `services` (from ``makeServices(settings:logger:shutdownTimeout:onListening:)``)
    /// until SIGTERM or SIGINT, then shuts them down gracefully — for at most
    /// `shutdownTimeout` — and returns normally.
    ///
    /// A graceful shutdown closes every WebSocket with 1001 and waits for
    /// each peer to finish closing. A peer that never does (a stalled client,
    /// a half-closed socket) would keep the server running forever; after
    /// `shutdownTimeout` what is left is cancelled instead, so the process
    /// always ends. Nothing acknowledged is lost either way: every event is
    /// committed to the database before any frame about it leaves.
    public static func run(_ services: [any Service], shutdownTimeout: Duration, logger: Logger) async throws {
        var configuration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = shutdownTimeout
        configuration.maximumCancellationDuration = shutdownTimeout
        try await ServiceGroup(configuration: configuration).run()
    }
}
