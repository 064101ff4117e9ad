public import Hummingbird
public import Logging

/// Builds the support server: its routes and its HTTP listener.
public enum SupportServer {
    /// The router with every HTTP route the server answers.
    public static func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.addHealthRoutes()
        return router
    }

    /// The whole application, ready to run.
    ///
    /// - Parameters:
    ///   - settings: where to listen.
    ///   - logger: the server's logger.
    ///   - onListening: called once with the URL the server listens on, after
    ///     the socket is bound (useful with port 0).
    public static func makeApplication(
        settings: ServerSettings,
        logger: Logger,
        onListening: @escaping @Sendable (String) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let host = settings.host
        return Application(
            router: makeRouter(),
            configuration: .init(address: .hostname(host, port: settings.port), serverName: "assist-server"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? settings.port
                await onListening(listeningURL(host: host, port: port))
            },
            logger: logger
        )
    }

    /// The `http://` URL of a server bound to `host:port`, with IPv6 hosts bracketed.
    public static func listeningURL(host: String, port: Int) -> String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "http://\(shownHost):\(port)"
    }
}
