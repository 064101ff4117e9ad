import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The floor of the relay benchmark: a bare Hummingbird WebSocket server
/// that sends every text frame straight back, with the WebSocket settings
/// `assist-server` uses. Run by `assist-bench --echo-server` in a child
/// process; prints `listening on URL` first, like `assist-server`.
enum EchoServer {
    /// The path of the echo endpoint.
    static let path = "/echo"

    /// Serves on 127.0.0.1 at a free port until SIGTERM.
    static func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "assist-bench.echo")
        logger.logLevel = .warning
        let maxFrameSize = 1 << 16
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws(RouterPath(path)) { inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: maxFrameSize) {
                if case .text(let text) = message { try await outbound.write(.text(text)) }
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
        try await app.runService()
    }
}
