import HummingbirdWSClient
import NIOWebSocket

/// A WebSocket extension, applied without negotiation, that changes no frame
/// and reports every frame arriving from the server — text, binary,
/// continuation and ping — for the connection's ``ReadIdleDeadline``.
///
/// hummingbird's client answers pings itself and hands the application only
/// data frames, but every frame it writes passes through its extensions, the
/// pong that answers a ping included: the tap counts each ping by that pong.
/// Pongs from the server are not seen; the client sends no pings, so none
/// are due.
struct InboundFrameTap: WebSocketExtension {
    /// Called once per frame that arrived.
    let frameArrived: @Sendable () -> Void

    var name: String { "assist-inbound-frame-tap" }

    func processReceivedFrame(_ frame: WebSocketFrame, context: WebSocketExtensionContext) -> WebSocketFrame {
        frameArrived()
        return frame
    }

    func processFrameToSend(_ frame: WebSocketFrame, context: WebSocketExtensionContext) -> WebSocketFrame {
        if frame.opcode == .pong { frameArrived() }
        return frame
    }

    /// Holds nothing, so there is nothing to release.
    func shutdown() {}
}
