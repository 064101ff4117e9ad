import AssistCore
import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import Synchronization

/// The two WebSocket endpoints of `docs/protocol.md`: `/v1/consumer` and
/// `/v1/agent`. Each connection is a pump: frames in go to the hub, frames
/// the hub queues go out; the hub decides everything else.
enum WebSocketEndpoints {
    /// The WebSocket limits the server enforces below the protocol.
    static func configuration(pingInterval: Duration) -> WebSocketServerConfiguration {
        WebSocketServerConfiguration(
            maxFrameSize: ProtocolLimits.maxTextFrameBytes,
            autoPing: .enabled(timePeriod: pingInterval),
            closeTimeout: .seconds(5),
            validateUTF8: true)
    }

    /// The router of both endpoints. Agents must come from an allowed origin.
    static func makeRouter(hub: SupportHub, origins: OriginAllowList) -> Router<SupportWebSocketContext> {
        let router = Router(context: SupportWebSocketContext.self)
        router.ws("/v1/consumer") { inbound, outbound, context in
            await pump(role: .consumer, hub: hub, inbound: inbound, outbound: outbound, context: context)
        }
        router.ws(
            "/v1/agent",
            shouldUpgrade: { request, _ in
                guard origins.permits(request.headers[.origin]) else {
                    throw HTTPError(.forbidden, message: "This origin may not use the agent endpoint.")
                }
                return .upgrade([:])
            },
            onUpgrade: { inbound, outbound, context in
                await pump(role: .agent, hub: hub, inbound: inbound, outbound: outbound, context: context)
            })
        return router
    }

    private static let nextLinkID = Atomic<Int>(0)

    /// Runs one connection: frames read go to the hub, in the connection's
    /// own task; frames the hub queues are written by ``PeerLink``. Once the
    /// hub closes the link, nothing more is read.
    private static func pump(
        role: PeerRole, hub: SupportHub, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        context: WebSocketRouterContext<SupportWebSocketContext>
    ) async {
        let link = PeerLink(
            id: nextLinkID.add(1, ordering: .relaxed).newValue, role: role,
            address: RateLimitKey.of(context.requestContext.remoteAddress)
        ) { output in
            switch output {
            case .text(let text):
                try? await outbound.write(.text(text))
            case .close(let code, let reason):
                try? await outbound.close(.init(codeNumber: Int(code.rawValue)), reason: reason)
            }
        }
        await hub.connected(link)
        var limiter = FrameRateLimiter()
        do {
            for try await message in inbound.messages(maxSize: ProtocolLimits.maxTextFrameBytes) {
                if link.isClosing { break }
                while !limiter.admit(at: .now) {
                    try await Task.sleep(for: limiter.timeUntilNextFrame(at: .now))
                }
                let frame: InboundFrame =
                    switch message {
                    case .text(let text): .text(Data(text.utf8))
                    case .binary(let buffer): .binary(Data(buffer.readableBytesView))
                    }
                switch role {
                case .consumer: await hub.receivedFromConsumer(frame, on: link)
                case .agent: await hub.receivedFromAgent(frame, on: link)
                }
            }
        } catch {}
        await link.closeWritten()
        await hub.disconnected(link)
    }
}
