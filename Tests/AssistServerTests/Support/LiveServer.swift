import AssistCore
import AssistServer
import Foundation
import Hummingbird
import Logging

/// Test settings: one agent "sam" (capacity 1, serving `support`), an
/// in-memory database, and the origin the test WebSocket client sends.
enum TestServer {
    static let samToken = "sam-token-0123456789"

    static func settings(
        agents: [AgentAccount] = [
            AgentAccount(id: "sam", name: "Sam", token: samToken, capacity: 1, destinations: ["support"])
        ],
        databasePath: String = ":memory:", gracePeriodSeconds: Int = 120, allowClientOrigin: Bool = true
    ) throws -> ServerSettings {
        ServerSettings(
            host: "127.0.0.1", port: 0, databasePath: databasePath, agents: try AgentDirectory(agents),
            gracePeriodSeconds: gracePeriodSeconds, allowedOrigins: allowClientOrigin ? ["ws://127.0.0.1"] : [])
    }

    /// Runs the real server on a free port for the duration of `body`.
    static func run<T: Sendable>(
        _ settings: ServerSettings, _ body: @Sendable (String) async throws -> T
    ) async throws -> T {
        let listening = ListeningURL()
        let app = try await SupportServer.makeApplication(
            settings: settings, logger: Logger(label: "test-server"), onListening: { await listening.set($0) })
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            defer { group.cancelAll() }
            return try await body(await listening.wait())
        }
    }

    /// A consumer hello for `destination`, offering `versions`.
    static func hello(
        _ destination: String = "support", visitor: String = "Ada", versions: [Int] = ProtocolVersion.supported
    ) -> ConsumerMessage {
        .hello(
            ConsumerHello(
                versions: versions, destination: destination, visitorName: visitor,
                preChat: [PrechatAnswer(label: "Email", value: "ada@example.com")]))
    }

    /// Connects a consumer, says hello, and returns it with its welcome.
    static func consumer(
        _ url: String, destination: String = "support", visitor: String = "Ada",
        versions: [Int] = ProtocolVersion.supported
    ) async throws -> (ConsumerPeer, ConsumerWelcome) {
        let peer = ConsumerPeer(server: url, path: "/v1/consumer")
        try await peer.sendHandshake(hello(destination, visitor: visitor, versions: versions))
        let welcome = try await peer.expect("welcome") { if case .welcome(let welcome) = $0 { welcome } else { nil } }
        return (peer, welcome)
    }

    /// Connects an agent with `token`, offering `versions`, and waits for its welcome.
    static func agent(
        _ url: String, token: String = samToken, versions: [Int] = ProtocolVersion.supported
    ) async throws -> AgentPeer {
        let peer = AgentPeer(server: url, path: "/v1/agent")
        try await peer.sendHandshake(.hello(AgentHello(versions: versions, token: token)))
        _ = try await peer.expect("agent welcome") { if case .welcome(let welcome) = $0 { welcome } else { nil } }
        return peer
    }
}

/// The URL the server reports once it listens.
actor ListeningURL {
    private var url: String?
    private var waiters: [CheckedContinuation<String, Never>] = []

    func set(_ value: String) {
        url = value
        for waiter in waiters { waiter.resume(returning: value) }
        waiters = []
    }

    func wait() async -> String {
        if let url { return url }
        return await withCheckedContinuation { waiters.append($0) }
    }
}

extension ServerToConsumerMessage {
    /// The queue position, when this is a queue update.
    var queuePosition: Int? {
        if case .queueUpdate(let update) = self { update.position } else { nil }
    }
}
