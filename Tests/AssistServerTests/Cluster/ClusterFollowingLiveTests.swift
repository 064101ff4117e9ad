@testable import AssistServer
import Foundation
import Logging
import PostgresNIO
import Testing

@Suite("Cluster: a node follows only a leader that leads", .serialized, .timeLimit(.minutes(2)))
struct ClusterFollowingLiveTests {
    /// The leader the test plays: it holds the lease and is named in
    /// `cluster_leader`, with a fresh heartbeat, but has not said it leads.
    private static let fakeLeader = "nfakeleader"
    private static let fakeTerm: Int64 = 7

    @Test("a node takes no connections while the named leader has not said it leads its term, then follows it")
    func followsOnlyALeadingLeader() async throws {
        let databaseURL = try await ThrowawayPostgres.shared.freshDatabaseURL()
        let url = try PostgresDatabaseURL(parsing: databaseURL)
        let logger = Logger(label: "cluster-following-test")
        try await Self.migrate(url, logger: logger)
        guard case .unixSocket(let folder, let port) = url.endpoint else { throw ClusterFixtureError.notReady(databaseURL) }
        let leader = try await PostgresConnection.connect(
            configuration: PostgresConnection.Configuration(
                unixSocketPath: PostgresDatabaseURL.socketPath(directory: folder, port: port), username: url.username,
                password: url.password, database: url.database),
            id: 1, logger: logger)
        do {
            try await Self.playLeader(on: leader, database: databaseURL, logger: logger)
        } catch {
            try? await leader.close()
            throw error
        }
        try await leader.close()
    }

    /// Holds the lease and names the played leader, starts a node, and
    /// watches its readiness before and after the leader says it leads.
    private static func playLeader(on leader: PostgresConnection, database databaseURL: String, logger: Logger)
        async throws
    {
        try await leader.query("SELECT pg_advisory_lock(\(ClusterNode.leaseKey))", logger: logger)
        try await leader.query(
            "INSERT INTO cluster_nodes (id, leading_term) VALUES (\(Self.fakeLeader), NULL)", logger: logger)
        try await leader.query(
            "INSERT INTO cluster_leader (node, term) VALUES (\(Self.fakeLeader), \(Self.fakeTerm))", logger: logger)

        let files = FileManager.default.temporaryDirectory.appendingPathComponent("assist-following-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: files) }
        let node = try await ServerProcess.start(
            arguments: try ClusterFixture.nodeArguments(database: databaseURL, folder: files))
        do {
            let watchUntil = ContinuousClock.now + .seconds(4)
            var readyAnswers = 0
            while ContinuousClock.now < watchUntil {
                try await beat(leader, logger: logger)
                if await ClusterFixture.isReady(node.url) { readyAnswers += 1 }
                try await Task.sleep(for: .milliseconds(250))
            }
            #expect(readyAnswers == 0, "/healthz said ready while the named leader did not lead yet")
            try await leader.query(
                "UPDATE cluster_nodes SET leading_term = \(Self.fakeTerm) WHERE id = \(Self.fakeLeader)", logger: logger)
            let readyBy = ContinuousClock.now + .seconds(15)
            var ready = false
            while !ready, ContinuousClock.now < readyBy {
                try await beat(leader, logger: logger)
                ready = await ClusterFixture.isReady(node.url)
                if !ready { try await Task.sleep(for: .milliseconds(250)) }
            }
            #expect(ready, "the node follows the leader once it says it leads")
        } catch {
            _ = try? await node.stop()
            throw error
        }
        _ = try await node.stop()
    }

    /// Keeps the played leader's heartbeat fresh.
    private static func beat(_ leader: PostgresConnection, logger: Logger) async throws {
        try await leader.query(
            "UPDATE cluster_nodes SET heartbeat_at = now() WHERE id = \(Self.fakeLeader)", logger: logger)
    }

    /// Creates the tables as a node would, through a client of its own.
    private static func migrate(_ url: PostgresDatabaseURL, logger: Logger) async throws {
        let client = PostgresClient(configuration: url.clientConfiguration)
        let running = Task { await client.run() }
        defer { running.cancel() }
        try await PostgresSessionSchema.migrate(client: client, logger: logger)
    }
}
