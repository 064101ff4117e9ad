@testable import AssistServer
import Foundation
import Logging
import PostgresNIO

extension StoreEngine {
    /// Runs `body` with a new, empty short-code database of this engine.
    /// Each call of the closure `body` is given opens another node on it, as
    /// another server — or the same one restarted — would: on SQLite the
    /// file is opened again, its key beside it; on PostgreSQL a new client
    /// migrates the database and reads the key file every node shares. Each
    /// node counts rate limits in its own memory, as a server does.
    func withFreshShortCodeDatabase(
        _ body: (_ openNode: () async throws -> ShortCodeNode) async throws -> Void
    ) async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        switch self {
        case .sqlite:
            let path = folder.databasePath
            try await body { .sqlite(try SupportDatabase(path: path)) }
        case .postgres:
            let url = try PostgresDatabaseURL(parsing: try await ThrowawayPostgres.shared.freshDatabaseURL())
            let keyFile = folder.url.appendingPathComponent("token.key").path
            _ = try TokenSealer(keyFile: keyFile)
            let logger = Logger(label: "shortcode-test")
            try await withThrowingTaskGroup(of: Void.self) { group in
                defer { group.cancelAll() }
                try await body {
                    let client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: logger)
                    group.addTask { await client.run() }
                    return ShortCodeNode(
                        storage: try await PostgresShortCodeStore(migrating: client, logger: logger),
                        sealer: try TokenSealer(sharedKeyFile: keyFile), rateLimits: InMemoryRateLimitLedger())
                }
            }
        }
    }

    /// Runs `body` with a short-code service on a new, empty database of this engine.
    func withShortCodeFixture(
        time: VirtualTime = VirtualTime(), timeToLive: TimeInterval = 300,
        random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
        _ body: (ShortCodeFixture) async throws -> Void
    ) async throws {
        try await withFreshShortCodeDatabase { openNode in
            let node = try await openNode()
            try await body(ShortCodeFixture(node: node, time: time, timeToLive: timeToLive, random: random))
        }
    }
}
