import PostgresNIO
import ServiceLifecycle

/// Keeps a `PostgresClient` running from the moment it is made — the
/// database is migrated and read before the server's services start — until
/// the server has shut everything else down.
///
/// It comes first among the services, which stop in reverse order, so the
/// client outlives every service that uses it.
final class PostgresClientService: Service, Sendable {
    private let running: Task<Void, Never>

    /// Starts running `client`.
    init(client: PostgresClient) {
        running = Task { await client.run() }
    }

    /// Waits for the server's shutdown, then stops the client.
    func run() async throws {
        try? await gracefulShutdown()
        running.cancel()
        await running.value
    }
}
