@testable import AssistServer
import Foundation
import Logging
import PostgresNIO

extension StoreEngine {
    /// Runs `body` with a new, empty short-code database of this engine.
    /// Each call of the closure `body` is given opens another node on it, as
    /// another server — or the same one restarted — would: on SQLite the
    /// file is opened again, its key beside it, and the node counts rate
    /// limits in its own memory; on PostgreSQL see
    /// ``withFreshPostgresShortCodeDatabase(_:)``.
    func withFreshShortCodeDatabase(
        _ body: (_ openNode: () async throws -> ShortCodeNode) async throws -> Void
    ) async throws {
        switch self {
        case .sqlite:
            let folder = TemporaryFolder()
            try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
            defer { folder.remove() }
            let path = folder.databasePath
            try await body { .sqlite(try SupportDatabase(path: path)) }
        case .postgres:
            try await Self.withFreshPostgresShortCodeDatabase { openNode, _ in
                // Swift refuses to pass one non-escaping closure parameter to
                // another; `openNode` does not outlive this call either way.
                try await withoutActuallyEscaping(openNode) { openNode in try await body(openNode) }
            }
        }
    }

    /// Runs `body` with a new, empty short-code database on the throw-away
    /// PostgreSQL. Each call of the closure `body` is given opens another
    /// node on it, as another server would: a new client migrates the
    /// database, reads the key file every node shares, and keeps the node's
    /// codes and rate limits. The client `body` is also given is one of its
    /// own, for looking at the database behind the nodes' backs.
    static func withFreshPostgresShortCodeDatabase(
        _ body: (_ openNode: () async throws -> ShortCodeNode, _ client: PostgresClient) async throws -> Void
    ) async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        let url = try PostgresDatabaseURL(parsing: try await ThrowawayPostgres.shared.freshDatabaseURL())
        let keyFile = folder.url.appendingPathComponent("token.key").path
        _ = try TokenSealer(keyFile: keyFile)
        let logger = Logger(label: "shortcode-test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            defer { group.cancelAll() }
            func runningClient() -> PostgresClient {
                let client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: logger)
                group.addTask { await client.run() }
                return client
            }
            let observer = runningClient()
            try await body(
                {
                    let client = runningClient()
                    return ShortCodeNode(
                        storage: try await PostgresShortCodeStore(migrating: client, logger: logger),
                        sealer: try TokenSealer(sharedKeyFile: keyFile),
                        rateLimits: try await PostgresRateLimitLedger(migrating: client, logger: logger))
                },
                observer)
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
