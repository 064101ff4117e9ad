import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with WebSocket upgrades, whose connections a
/// graceful shutdown closes while their first request is still being read.
///
/// Hummingbird handles a connection by waiting for the outcome of the HTTP
/// upgrade negotiation, which comes only once a whole request head has
/// arrived. Nothing in the pipeline acts on a shutdown before that, and the
/// wait cannot be cancelled: one connection opened without a complete
/// request — a browser's speculative preconnect, a client cut off
/// mid-request — kept a shutting-down server running until its time was up,
/// and then crashed it (the service group ends with a fatal error when
/// cancelling takes too long). Closing such a connection loses nothing: it
/// has asked for nothing yet, and its client connects to the next server.
struct QuiescingUpgradeChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    private let base: HTTP1WebSocketUpgradeChannel

    /// Wraps `base`, which sets up and handles each connection as before.
    init(_ base: HTTP1WebSocketUpgradeChannel) {
        self.base = base
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(ClosingUnnegotiatedOnQuiesce(), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// Closes its connection on a graceful shutdown's quiesce event while the
/// upgrade negotiation is still in the pipeline (no request head read yet);
/// passes the event on once it is over, to the HTTP handler or, after an
/// upgrade, to nothing (the hub closes WebSockets with 1001 itself).
final class ClosingUnnegotiatedOnQuiesce: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private typealias Negotiation = NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent,
            (try? context.pipeline.syncOperations.handler(type: Negotiation.self)) != nil
        else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        context.close(promise: nil)
    }
}
