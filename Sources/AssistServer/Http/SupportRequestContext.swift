public import Hummingbird
public import NIOCore

/// The request context of the support server's HTTP routes: Hummingbird's
/// core storage plus the address of the connected client, which the
/// short-code routes rate-limit by.
public struct SupportRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The connected client's address; `nil` when the channel has none (in
    /// router tests).
    public let remoteAddress: SocketAddress?

    /// Creates the context of a request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
