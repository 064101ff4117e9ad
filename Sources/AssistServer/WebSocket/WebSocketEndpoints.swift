import AssistCore
import Hummingbird
import HummingbirdCore
import HTTPTypes
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import Synchronization

/// The two WebSocket endpoints of `docs/protocol.md`: `/v1/consumer` and
/// `/v1/agent`. Each connection is a pump: frames in go to the hub, frames
/// the hub queues go out; the hub decides everything else.
///
/// The endpoints are chosen in Hummingbird's `shouldUpgrade` hook rather than
/// by a WebSocket router: a router keeps each upgrade's whole request and
/// request context alive for as long as the connection lasts, about 1.7 KiB
/// per idle session, while the hook keeps only what the pump needs.
enum WebSocketEndpoints {
    /// The WebSocket limits the server enforces below the protocol. Frames
    /// up to the binary limit get through, so that co-browse frames can;
    /// the hub closes a text frame over 64 KiB with 1009 itself.
    static func configuration(pingInterval: Duration) -> WebSocketServerConfiguration {
        WebSocketServerConfiguration(
            maxFrameSize: maxMessageBytes,
            autoPing: .enabled(timePeriod: pingInterval),
            closeTimeout: closeTimeout,
            validateUTF8: true)
    }

    /// The HTTP/1 server with WebSocket upgrades on both endpoints, its
    /// connections reading into small buffers (``SmallReceiveBufferChannel``).
    /// Agents must come from an allowed origin, and web pages opening the
    /// consumer endpoint too (``OriginAllowList/permitsConsumer(_:)``). Any
    /// other upgrade is refused with 400: Hummingbird answers a refused
    /// upgrade itself, before a route could say 403. So is every upgrade
    /// while `destination` has none to give: while the database cannot be
    /// written (``DatabaseReadiness``), or a cluster node has no leader. The
    /// client's next attempt, through a load balancer, finds another node.
    /// Plain HTTP requests go to the application's router. A connection
    /// still sending its first request when the server shuts down is closed
    /// (``QuiescingUpgradeChannel``).
    static func server(
        destination: @escaping @Sendable () -> LinkDestination?, origins: OriginAllowList, gate: UpgradeGate,
        connections: OpenConnections, pingInterval: Duration, nodeLinks: NodeLinks? = nil
    ) -> HTTPServerBuilder {
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(ws: configuration(pingInterval: pingInterval))
        return HTTPServerBuilder { responder in
            let upgrades = HTTP1WebSocketUpgradeChannel(responder: responder, configuration: configuration) {
                request, channel, _ -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> in
                if let nodeLinks, let upgrade = nodeLinkUpgrade(request, links: nodeLinks) { return upgrade }
                guard request.method == .get, let role = endpoint(ofPath: request.path) else { return .dontUpgrade }
                let origin = request.headerFields[.origin]
                switch role {
                case .agent: guard origins.permits(origin) else { return .dontUpgrade }
                case .consumer: guard origins.permitsConsumer(origin) else { return .dontUpgrade }
                }
                let address = RateLimitKey.of(channel.remoteAddress)
                guard let destination = destination(), gate.admit() else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in
                    await pump(
                        role: role, destination: destination, gate: gate, connections: connections,
                        address: address, inbound: inbound, outbound: outbound)
                }
            }
            return SmallReceiveBufferChannel(QuiescingUpgradeChannel(upgrades))
        }
    }

    /// The answer to a request for a link from another node of the cluster
    /// (``NodeLinks``), `nil` for any other request: the link when the
    /// request proves it comes from a node of this cluster, a refusal otherwise.
    static func nodeLinkUpgrade(
        _ request: HTTPRequest, links: NodeLinks
    ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>>? {
        guard let path = request.path, path.prefix(while: { $0 != "?" }) == NodeLinks.path else { return nil }
        let peer = request.headerFields[NodeLinks.nodeHeader]
        guard request.method == .get, let peer,
            links.admits(node: peer, credential: request.headerFields[NodeLinks.credentialHeader])
        else { return .dontUpgrade }
        return .upgrade([:]) { inbound, outbound, _ in await links.serve(from: peer, inbound: inbound, outbound: outbound) }
    }

    /// The endpoint a request path names (a query and a trailing slash
    /// ignored), or `nil`.
    static func endpoint(ofPath path: String?) -> PeerRole? {
        guard let path else { return nil }
        var route = path.prefix { $0 != "?" }
        if route.count > 1, route.hasSuffix("/") { route = route.dropLast() }
        switch route {
        case "/v1/consumer": return .consumer
        case "/v1/agent": return .agent
        default: return nil
        }
    }

    /// How long the server waits for a peer's answer to its close frame
    /// before it closes the socket.
    static let closeTimeout = Duration.seconds(5)

    /// The largest message read: a co-browse frame (§12.4).
    static let maxMessageBytes = CobrowseFrameCodec.maxMessageBytes

    /// Runs one connection: messages read go to the hub, in the connection's
    /// own task; frames the hub queues are written by ``PeerLink``. Once the
    /// hub closes the link, nothing more is read. What the connection keeps
    /// lives in ``LinkReader``, so this function's frame, held while the
    /// connection waits, stays small.
    ///
    /// Every wait here ends: on the peer's frames or close (which the
    /// WebSocket library's close timeout bounds), or after at most
    /// ``LinkReader/closeWriteLimit`` for a close to be written, since a
    /// handler that never returns would hold a shutting-down server until
    /// its time is up.
    private static func pump(
        role: PeerRole, destination: LinkDestination, gate: UpgradeGate, connections: OpenConnections,
        address: String,
        inbound: WebSocketInboundStream,
        outbound: WebSocketOutboundWriter
    ) async {
        let link = PeerLink(id: PeerLink.nextID(), role: role, address: address) {
            output in
            switch output {
            case .text(let text):
                try? await outbound.write(.text(text))
            case .binary(let bytes):
                try? await outbound.write(.binary(ByteBuffer(bytes: bytes)))
            case .close(let code, let reason):
                try? await outbound.close(.init(codeNumber: Int(code.rawValue)), reason: reason)
            }
        }
        connections.enter(.registering, link)
        defer { connections.leave(link) }
        let reader = LinkReader(link: link, destination: destination)
        await reader.start()
        if link.isClosing {
            connections.enter(.writingEarlyClose, link)
            await reader.closeWritten()
        }
        gate.registered()
        connections.enter(.reading, link)
        do {
            for try await frame in inbound {
                guard try await reader.read(frame) else { break }
            }
        } catch {}
        connections.enter(.finishing, link)
        await reader.finish()
    }
}
