import HummingbirdWSClient
import Logging

/// One client WebSocket connection: text frames handed to ``send(_:)`` are
/// written in order, and every text frame that arrives goes to a handler
/// together with the instant it arrived (taken before any decoding).
final class WebSocketLink: Sendable {
    private let outgoing: AsyncStream<String>
    private let writer: AsyncStream<String>.Continuation

    /// Creates a link; nothing connects before ``run(url:onText:)``.
    init() {
        (outgoing, writer) = AsyncStream.makeStream(of: String.self)
    }

    /// Queues a text frame; frames queued before the connection is up go out first.
    func send(_ text: String) {
        writer.yield(text)
    }

    /// Closes the connection normally after what is queued.
    func close() {
        writer.finish()
    }

    /// Connects to `url` and runs the connection until either side closes
    /// it. Call once. Returns why the connection could not be used, or `nil`
    /// when it ran and closed.
    func run(
        url: String, onText: @escaping @Sendable (String, ContinuousClock.Instant) async -> Void
    ) async -> (any Error)? {
        let frames = outgoing
        do {
            try await WebSocketClient.connect(
                url: url, configuration: .init(maxFrameSize: Self.maxFrameSize, closeTimeout: .seconds(2)),
                logger: Self.logger
            ) { inbound, outbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await text in frames { try await outbound.write(.text(text)) }
                    }
                    group.addTask {
                        for try await message in inbound.messages(maxSize: Self.maxFrameSize) {
                            let arrived = ContinuousClock.now
                            if case .text(let text) = message { await onText(text, arrived) }
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
