public import Hummingbird
public import HummingbirdWebSocket
public import NIOCore

/// The request context of the WebSocket routes: what Hummingbird needs for
/// the upgrade, plus the client's address for per-address limits.
public struct SupportWebSocketContext: RequestContext, WebSocketRequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// Where the upgrade's WebSocket handler is kept.
    public let webSocket: WebSocketHandlerReference<Self>
    /// The connected client's address.
    public let remoteAddress: SocketAddress?

    /// Creates the context of an upgrade request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        webSocket = WebSocketHandlerReference()
        remoteAddress = source.channel.remoteAddress
    }
}
