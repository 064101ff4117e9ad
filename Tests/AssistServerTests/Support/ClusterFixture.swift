@testable import AssistServer
import AssistCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import PostgresNIO
import Synchronization
import Testing

/// A cluster as an operator runs one: `assist-server` processes sharing a
/// database of the throw-away PostgreSQL (``ThrowawayPostgres``), behind
/// nginx balancing round-robin with no sticky sessions
/// (``NginxProxy/balancing(_:_:)``). Agent "sam" (capacity 1) serves `support`.
final class ClusterFixture: Sendable {
    /// The nodes, by index; `nil` once killed.
    private let nodes: Mutex<[ServerProcess?]>
    /// The load balancer in front of the nodes.
    let balancer: NginxProxy
    /// The database every node shares.
    let databaseURL: String

    private init(nodes: [ServerProcess], balancer: NginxProxy, databaseURL: String) {
        self.nodes = Mutex(nodes)
        self.balancer = balancer
        self.databaseURL = databaseURL
    }

    /// Starts `count` nodes and the balancer, waits until a node leads and
    /// every node takes connections, runs `body`, and stops it all.
    ///
    /// Every node lets agents in from `allowedOrigins` (`--allow-origin`), as
    /// an operator names the cluster's public origin.
    static func run<T: Sendable>(
        nodes count: Int = 2, agents: String = ClusterFixture.samOnly, allowedOrigins: [String] = ["ws://127.0.0.1"],
        _ body: (ClusterFixture) async throws -> T
    ) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-cluster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let databaseURL = try await ThrowawayPostgres.shared.freshDatabaseURL()
        let arguments = try nodeArguments(
            database: databaseURL, folder: folder, agents: agents, allowedOrigins: allowedOrigins)
        var started: [ServerProcess] = []
        for _ in 0..<count { started.append(try await ServerProcess.start(arguments: arguments)) }
        for node in started { try await waitUntilReady(node.url) }
        return try await NginxProxy.balancing(started.map(\.url)) { balancer in
            let cluster = ClusterFixture(nodes: started, balancer: balancer, databaseURL: databaseURL)
            let result: Result<T, any Error>
            do {
                result = .success(try await body(cluster))
            } catch {
                result = .failure(error)
            }
            for node in cluster.nodes.withLock({ $0 }) { _ = try? await node?.stop() }
            return try result.get()
        }
    }

    /// The arguments of a node on `database` whose agents file and shared
    /// token key are written into `folder`.
    static func nodeArguments(
        database: String, folder: URL, agents: String = ClusterFixture.samOnly,
        allowedOrigins: [String] = ["ws://127.0.0.1"]
    ) throws -> [String] {
        let agentsFile = folder.appendingPathComponent("agents.json")
        try Data(agents.utf8).write(to: agentsFile)
        let keyFile = folder.appendingPathComponent("token.key")
        var generator = SystemRandomNumberGenerator()
        try Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: keyFile)
        return ["--database", database, "--token-key-file", keyFile.path, "--agents", agentsFile.path]
            + allowedOrigins.flatMap { ["--allow-origin", $0] }
    }

    /// The agents file: Sam, capacity 1, serving `support`.
    static let samOnly =
        #"{"agents":[{"id":"sam","name":"Sam","token":"\#(TestServer.samToken)","capacity":1,"destinations":["support"]}]}"#

    /// Sam, signed in through `url`, takes the next session: the peer, its
    /// welcome, and the session it took.
    static func samTakesNext(through url: String) async throws -> (AgentPeer, AgentWelcome, SessionAssignment) {
        let sam = AgentPeer(server: url, path: "/v1/agent")
        try await sam.sendHandshake(.hello(AgentHello(token: TestServer.samToken)))
        let welcome = try await sam.expect("agent welcome") { if case .welcome(let w) = $0 { w } else { nil } }
        try await sam.send(.acceptNext)
        let assignment = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
        return (sam, welcome, assignment)
    }

    /// Node `index`'s own URL (not through the balancer).
    func url(ofNode index: Int) throws -> String {
        guard let node = nodes.withLock({ $0[index] }) else { throw ClusterFixtureError.nodeKilled(index) }
        return node.url
    }

    /// The index of the node that leads now (its `assist_leading` is 1).
    func leaderIndex() async throws -> Int {
        let urls = nodes.withLock { $0.map { $0?.url } }
        for (index, url) in urls.enumerated() {
            guard let url else { continue }
            if try await Self.metrics(of: url).contains("\nassist_leading 1") { return index }
        }
        throw ClusterFixtureError.noLeader
    }

    /// Whether node `index` leads now, asked of that node alone.
    func leads(node index: Int) async throws -> Bool {
        try await Self.metrics(of: try url(ofNode: index)).contains("\nassist_leading 1")
    }

    /// Pauses node `index` with SIGSTOP.
    func pause(node index: Int) throws {
        guard let node = nodes.withLock({ $0[index] }) else { throw ClusterFixtureError.nodeKilled(index) }
        node.pause()
    }

    /// Lets node `index`, paused, run again.
    func resume(node index: Int) throws {
        guard let node = nodes.withLock({ $0[index] }) else { throw ClusterFixtureError.nodeKilled(index) }
        node.resume()
    }

    /// Kills node `index` with SIGKILL.
    func kill(node index: Int) async {
        let node = nodes.withLock { nodes in
            defer { nodes[index] = nil }
            return nodes[index]
        }
        await node?.killHard()
    }

    /// Waits until a node leads again and each living node takes connections.
    func waitUntilReady() async throws {
        for url in nodes.withLock({ $0.compactMap { $0?.url } }) { try await Self.waitUntilReady(url) }
        _ = try await leaderIndex()
    }

    /// Waits until `GET /healthz` of the server at `url` answers 200.
    static func waitUntilReady(_ url: String, timeout: Duration = .seconds(30)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await isReady(url) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ClusterFixtureError.notReady(url)
    }

    /// Whether `GET /healthz` of the server at `url` answers 200 now.
    static func isReady(_ url: String) async -> Bool {
        guard let health = URL(string: url + "/healthz"), let (_, response) = try? await URLSession.shared.data(from: health)
        else { return false }
        return (response as? HTTPURLResponse)?.statusCode == 200
    }

    /// Cuts every node off the database, as a network failure would: no
    /// new connection to it is accepted and every open one is ended.
    func cutDatabase() async throws {
        try await administer { name in
            [
                "ALTER DATABASE \(name) ALLOW_CONNECTIONS false",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'",
            ]
        }
    }

    /// Lets the nodes reach the database again.
    func restoreDatabase() async throws {
        try await administer { name in ["ALTER DATABASE \(name) ALLOW_CONNECTIONS true"] }
    }

    /// Writes every page PostgreSQL holds in memory to its files
    /// (`CHECKPOINT`), unlogged tables' pages too.
    func checkpoint() async throws {
        try await administer { _ in ["CHECKPOINT"] }
    }

    /// Runs the statements `statements` makes from the database's name, as
    /// the server's superuser, from its maintenance database.
    private func administer(_ statements: (String) -> [String]) async throws {
        let name = try PostgresDatabaseURL(parsing: databaseURL).database
        try await withConnection(to: "postgres") { connection, logger in
            for statement in statements(name) {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    /// The number `query` (one row, one bigint) counts in the cluster's database.
    func count(_ query: String) async throws -> Int64 {
        let name = try PostgresDatabaseURL(parsing: databaseURL).database
        return try await withConnection(to: name) { connection, logger in
            for try await count in try await connection.query(PostgresQuery(unsafeSQL: query), logger: logger)
                .decode(Int64.self)
            {
                return count
            }
            throw ClusterFixtureError.notReady(databaseURL)
        }
    }

    /// Runs `body` on a connection to `database`, as the server's superuser.
    private func withConnection<T: Sendable>(
        to database: String, _ body: (PostgresConnection, Logger) async throws -> T
    ) async throws -> T {
        let url = try PostgresDatabaseURL(parsing: databaseURL)
        guard case .unixSocket(let folder, let port) = url.endpoint else { throw ClusterFixtureError.notReady(databaseURL) }
        let logger = Logger(label: "cluster-fixture")
        let connection = try await PostgresConnection.connect(
            configuration: PostgresConnection.Configuration(
                unixSocketPath: PostgresDatabaseURL.socketPath(directory: folder, port: port), username: "postgres",
                password: nil, database: database),
            id: 1, logger: logger)
        do {
            let result = try await body(connection, logger)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func metrics(of url: String) async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: url + "/metrics")))
        return "\n" + String(decoding: data, as: UTF8.self)
    }
}

/// What went wrong with a ``ClusterFixture``.
enum ClusterFixtureError: Error, CustomStringConvertible {
    case nodeKilled(Int)
    case noLeader
    case notReady(String)

    var description: String {
        switch self {
        case .nodeKilled(let index): "node \(index) was killed"
        case .noLeader: "no node leads the cluster"
        case .notReady(let url): "\(url)/healthz did not answer 200 in time"
        }
    }
}
