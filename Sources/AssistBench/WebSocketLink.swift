import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOCore

/// One client WebSocket connection: text and binary frames handed to
/// `send(_:)` are written in order, and every data frame that arrives goes
/// to a handler together with the instant it arrived (taken before any
/// decoding).
final class WebSocketLink: Sendable {
    private let outgoing: AsyncStream<WebSocketMessage>
    private let writer: AsyncStream<WebSocketMessage>.Continuation
    private let subprotocol: String?

    /// Creates a link that asks the server for `subprotocol`
    /// (`Sec-WebSocket-Protocol`), if given; nothing connects before ``run(url:onMessage:)``.
    init(subprotocol: String? = nil) {
        (outgoing, writer) = AsyncStream.makeStream(of: WebSocketMessage.self)
        self.subprotocol = subprotocol
    }

    /// Queues a text frame; frames queued before the connection is up go out first.
    func send(_ text: String) {
        writer.yield(.text(text))
    }

    /// Queues a binary frame, in order with the text frames.
    func send(_ bytes: [UInt8]) {
        writer.yield(.binary(ByteBuffer(bytes: bytes)))
    }

    /// Closes the connection normally after what is queued.
    func close() {
        writer.finish()
    }

    /// Connects to `url` and runs the connection until either side closes
    /// it, handing only text frames to `onText`. Call once. Returns why the
    /// connection could not be used, or `nil` when it ran and closed.
    func run(
        url: String, onText: @escaping @Sendable (String, ContinuousClock.Instant) async -> Void
    ) async -> (any Error)? {
        await run(url: url) { message, arrived in
            if case .text(let text) = message { await onText(text, arrived) }
        }
    }

    /// Connects to `url` and runs the connection until either side closes
    /// it, handing every text and binary frame to `onMessage`. Call once.
    /// Returns why the connection could not be used, or `nil` when it ran and closed.
    func run(
        url: String, onMessage: @escaping @Sendable (WebSocketMessage, ContinuousClock.Instant) async -> Void
    ) async -> (any Error)? {
        let frames = outgoing
        var headers = HTTPFields()
        if let subprotocol { headers[.secWebSocketProtocol] = subprotocol }
        do {
            try await WebSocketClient.connect(
                url: url,
                configuration: .init(maxFrameSize: Self.maxFrameSize, additionalHeaders: headers, closeTimeout: .seconds(2)),
                logger: Self.logger
            ) { inbound, outbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await frame in frames {
                            switch frame {
                            case .text(let text): try await outbound.write(.text(text))
                            case .binary(let bytes): try await outbound.write(.binary(bytes))
                            }
                        }
                    }
                    group.addTask {
                        for try await message in inbound.messages(maxSize: Self.maxFrameSize) {
                            let arrived = ContinuousClock.now
                            await onMessage(message, arrived)
                        }
                    }
                    try await group.next()
                    group.cancelAll()
                }
            }
            return nil
        } catch {
            return error
        }
    }

    /// The protocol's text frame limit.
    private static let maxFrameSize = 1 << 16

    /// The client library's logger: only warnings and worse.
    private static let logger: Logger = {
        var logger = Logger(label: "assist-bench.client")
        logger.logLevel = .warning
        return logger
    }()
}
