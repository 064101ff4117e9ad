@testable import AssistServer
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import Synchronization
import Testing

/// What a ``LinkNode`` was delivered, and a gate that holds deliveries.
final class LinkDeliveries: Sendable {
    let received = Mutex<[[UInt8]]>([])
    private let gate = Mutex<(held: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Takes `message` once the gate is open.
    func take(_ message: [UInt8]) async {
        await withCheckedContinuation { continuation in
            let go = gate.withLock { state in
                guard state.held else { return true }
                state.waiters.append(continuation)
                return false
            }
            if go { continuation.resume() }
        }
        received.withLock { $0.append(message) }
    }

    func hold() { gate.withLock { $0.held = true } }

    func release() {
        let waiters = gate.withLock { state in
            state.held = false
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// A node's link endpoint alone: a Hummingbird server on a free loopback
/// port that upgrades only link requests, as the real server does, and the
/// node's ``NodeLinks``, whose deliveries a test reads.
final class LinkNode: Sendable {
    let links: NodeLinks
    private let deliveries = LinkDeliveries()

    init(id: String, sealer: TokenSealer) {
        let deliveries = deliveries
        links = NodeLinks(node: id, credential: NodeLinkCredential(sealer: sealer), logger: Logger(label: "links-\(id)")) {
            _, message in await deliveries.take(message)
        }
    }

    /// Deliveries wait from now until ``release()``.
    func hold() { deliveries.hold() }
    func release() { deliveries.release() }

    var received: [[UInt8]] { deliveries.received.withLock { $0 } }
    var count: Int { deliveries.received.withLock { $0.count } }

    /// Runs the node's endpoint for the duration of `body`, which gets its URL.
    func serving<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let links = links
        let port = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: Router(),
            server: HTTPServerBuilder { responder in
                HTTP1WebSocketUpgradeChannel(
                    responder: responder,
                    configuration: .init(ws: WebSocketServerConfiguration(maxFrameSize: NodeLinks.maxMessageBytes))
                ) { request, _, _ in
                    WebSocketEndpoints.nodeLinkUpgrade(request, links: links) ?? .dontUpgrade
                }
            },
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in port.continuation.yield(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "link-endpoint"))
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            defer { group.cancelAll() }
            var ports = port.stream.makeAsyncIterator()
            let bound = try #require(await ports.next())
            return try await body("http://127.0.0.1:\(bound)")
        }
    }
}

