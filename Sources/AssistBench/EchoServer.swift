import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The floors of the relay benchmark: a Hummingbird WebSocket server that
/// sends every text frame straight back, with the WebSocket settings
/// `assist-server` uses — bare, or committing each frame to SQLite first
/// (``EchoFrameStore``). Run by `assist-bench --echo-server` in a child
/// process; prints `listening on URL` first, like `assist-server`.
enum EchoServer {
    /// The path of the echo endpoint.
    static let path = "/echo"

    /// Serves on 127.0.0.1 at a free port until SIGTERM; with a
    /// `databasePath`, commits each frame there before echoing it.
    static func run(databasePath: String?) async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "assist-bench.echo")
        logger.logLevel = .warning
        let store = try databasePath.map { try EchoFrameStore(path: $0) }
        let maxFrameSize = 1 << 16
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws(RouterPath(path)) { inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: maxFrameSize) {
                guard case .text(let text) = message else { continue }
                try await store?.commit(text)
                try await outbound.write(.text(text))
            }
        }
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: router,
                configuration: .init(
                    ws: WebSocketServerConfiguration(
                        maxFrameSize: maxFrameSize, autoPing: .enabled(timePeriod: .seconds(30)),
                        closeTimeout: .seconds(5), validateUTF8: true))),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "assist-bench-echo"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(port)\n".utf8))
            },
            logger: logger)
        guard let store else {
            try await app.runService()
            return
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            group.addTask { await store.checkpointUntilCancelled() }
            try await group.next()
            group.cancelAll()
        }
    }
}
