@testable import AssistServer
import Foundation
import Logging
import PostgresNIO
import Testing

@Suite("Cluster: a node follows only a leader that leads and that it has links with", .serialized, .timeLimit(.minutes(2)))
struct ClusterFollowingLiveTests {
    /// The leader the test plays: it is named in `cluster_leader`, its
    /// lease runs and it has a link endpoint of its own (``LinkNode``), but
    /// it has not said it leads.
    private static let fakeLeader = "nfakeleader"
    private static let fakeTerm: Int64 = 7

    @Test("a node takes no connections while the named leader has not said it leads its term, then follows it, and stops when their links fail")
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

    /// Names the played leader and renews its lease, starts a node, and
    /// watches its readiness before and after the leader says it leads, and
    /// after the leader's links stop.
    private static func playLeader(on leader: PostgresConnection, database databaseURL: String, logger: Logger)
        async throws
    {
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("assist-following-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: files) }
        let arguments = try ClusterFixture.nodeArguments(database: databaseURL, folder: files)
        let sealer = try TokenSealer(sharedKeyFile: files.appendingPathComponent("token.key").path)
        let played = LinkNode(id: Self.fakeLeader, sealer: sealer)
        try await played.serving { endpoint in
            try await leader.query(
                """
                INSERT INTO cluster_nodes (id, leading_term, link_url, lease_expires_at)
                VALUES (\(Self.fakeLeader), NULL, \(endpoint), now() + interval '4 seconds')
                """,
                logger: logger)
            try await leader.query(
                "INSERT INTO cluster_leader (node, term) VALUES (\(Self.fakeLeader), \(Self.fakeTerm))", logger: logger)
            let node = try await ServerProcess.start(arguments: arguments)
            do {
                try await watch(node, playedBy: played, on: leader, logger: logger)
            } catch {
                played.links.stop()
                _ = try? await node.stop()
                throw error
            }
            played.links.stop()
            _ = try await node.stop()
        }
    }

    private static func watch(
        _ node: ServerProcess, playedBy played: LinkNode, on leader: PostgresConnection, logger: Logger
    ) async throws {
        var members: [String: String] = [:]
        let linkedBy = ContinuousClock.now + .seconds(10)
        while members.isEmpty, ContinuousClock.now < linkedBy {
            try await beat(leader, logger: logger)
            let rows = try await leader.query(
                "SELECT id, link_url FROM cluster_nodes WHERE id <> \(Self.fakeLeader) AND link_url IS NOT NULL",
                logger: logger)
            for try await (id, url) in rows.decode((String, String).self) { members[id] = url }
            try await Task.sleep(for: .milliseconds(100))
        }
        let nodeID = try #require(members.keys.first, "the node wrote where its link endpoint is")
        played.links.setMembers(members)

        let watchUntil = ContinuousClock.now + .seconds(4)
        var readyAnswers = 0
        while ContinuousClock.now < watchUntil {
            try await beat(leader, logger: logger)
            if await ClusterFixture.isReady(node.url) { readyAnswers += 1 }
            try await Task.sleep(for: .milliseconds(250))
        }
        #expect(readyAnswers == 0, "/healthz said ready while the named leader did not lead yet")
        #expect(played.links.isLinkedBothWays(with: nodeID), "the node and the played leader linked both ways")
        try await leader.query(
            "UPDATE cluster_nodes SET leading_term = \(Self.fakeTerm) WHERE id = \(Self.fakeLeader)", logger: logger)
        #expect(try await readiness(of: node, becomes: true, leader: leader, logger: logger), "the node follows the leader once it says it leads")

        played.links.setMembers([:])
        #expect(
            try await readiness(of: node, becomes: false, leader: leader, logger: logger),
            "the node takes no connections once its links with the leader are down")
    }

    /// Whether `/healthz` of `node` answers ready (or not, as `ready` says) within 15 s.
    private static func readiness(
        of node: ServerProcess, becomes ready: Bool, leader: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(15)
        while ContinuousClock.now < deadline {
            try await beat(leader, logger: logger)
            if await ClusterFixture.isReady(node.url) == ready { return true }
            try await Task.sleep(for: .milliseconds(250))
        }
        return false
    }

    /// Renews the played leader's lease.
    private static func beat(_ leader: PostgresConnection, logger: Logger) async throws {
        try await leader.query(
            "UPDATE cluster_nodes SET lease_expires_at = now() + interval '4 seconds' WHERE id = \(Self.fakeLeader)",
            logger: logger)
    }

    /// Creates the tables as a node would, through a client of its own.
    private static func migrate(_ url: PostgresDatabaseURL, logger: Logger) async throws {
        let client = PostgresClient(configuration: url.clientConfiguration)
        let running = Task { await client.run() }
        defer { running.cancel() }
        try await PostgresSessionSchema.migrate(client: client, logger: logger)
    }
}
