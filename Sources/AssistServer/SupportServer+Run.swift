public import Hummingbird
public import Logging
import ServiceLifecycle
import UnixSignals

extension SupportServer {
    /// Runs `app` until SIGTERM or SIGINT, then shuts it down gracefully —
    /// for at most `shutdownTimeout`.
    ///
    /// A graceful shutdown closes every WebSocket with 1001 and waits for
    /// each peer to finish closing. A peer that never does (a stalled client,
    /// a half-closed socket) would keep the server running forever; after
    /// `shutdownTimeout` what is left is cancelled instead, so the process
    /// always ends. Nothing acknowledged is lost either way: every event is
    /// committed to the database before any frame about it leaves.
    public static func run(_ app: some ApplicationProtocol, shutdownTimeout: Duration, logger: Logger) async throws {
        var configuration = ServiceGroupConfiguration(
            services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = shutdownTimeout
        configuration.maximumCancellationDuration = shutdownTimeout
        try await ServiceGroup(configuration: configuration).run()
    }
}
