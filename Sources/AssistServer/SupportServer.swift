public import Hummingbird
import HummingbirdWebSocket
public import Logging
public import ServiceLifecycle

/// Builds the support server: its database, hub, routes and services.
public enum SupportServer {
    /// The whole application, ready to run: the database is open and
    /// migrated, and every session that was open when the server last
    /// stopped is restored.
    ///
    /// - Parameters:
    ///   - settings: what the operator configured.
    ///   - logger: the server's logger.
    ///   - onListening: called once with the URL the server listens on, after
    ///     the socket is bound (useful with port 0).
    public static func makeApplication(
        settings: ServerSettings,
        logger: Logger,
        onListening: @escaping @Sendable (String) async -> Void = { _ in }
    ) async throws -> some ApplicationProtocol {
        try await assemble(settings: settings, logger: logger, onListening: onListening).application
    }

    /// What ``run(_:shutdownTimeout:logger:)`` runs: the application (see
    /// ``makeApplication(settings:logger:onListening:)``) followed by the
    /// service that, on SIGTERM or SIGINT, closes every connection with 1001
    /// before the HTTP server shuts down (§11.4).
    public static func makeServices(
        settings: ServerSettings,
        logger: Logger,
        shutdownTimeout: Duration,
        onListening: @escaping @Sendable (String) async -> Void = { _ in }
    ) async throws -> [any Service] {
        let (application, backend, gate, connections) = try await assemble(
            settings: settings, logger: logger, onListening: onListening)
        let goingAway = GoingAwayService(
            goAway: backend.goAway, gate: gate, connections: connections, shutdownTimeout: shutdownTimeout,
            logger: logger)
        return [application, goingAway]
    }

    private static func assemble(
        settings: ServerSettings,
        logger: Logger,
        onListening: @escaping @Sendable (String) async -> Void
    ) async throws -> (
        application: some ApplicationProtocol, backend: ServerBackend, gate: UpgradeGate, connections: OpenConnections
    ) {
        let metrics = ServerMetrics()
        let origins = OriginAllowList(Set(settings.allowedOrigins))
        var directory = settings.agents
        let demo = settings.demoAgent ? DemoAgent(logger: logger) : nil
        if let demo { directory = try directory.adding(demo.account) }
        let backend: ServerBackend
        if PostgresDatabaseURL.isPostgres(settings.databasePath) {
            backend = try await .postgres(
                try PostgresDatabaseURL(parsing: settings.databasePath), settings: settings, directory: directory,
                metrics: metrics, logger: logger)
        } else {
            backend = try await .sqlite(settings: settings, directory: directory, metrics: metrics, logger: logger)
        }
        let shortCodes = backend.shortCodes

        let router = Router(context: SupportRequestContext.self)
        router.addHealthRoutes(isReady: backend.isReady)
        router.addMetricsRoutes(metrics)
        router.addShortCodeRoutes(service: shortCodes, agents: directory, origins: origins)
        router.addDiagnosticsRoutes(session: backend.session, metrics: metrics)
        let attachments = AttachmentService(
            storage: backend.attachments, policy: settings.attachments, tickets: backend.attachmentTickets,
            masker: settings.chatMasker, logger: logger)
        router.addAttachmentRoutes(service: attachments, agents: directory, session: backend.session)
        router.addTranscriptRoutes(agents: directory, read: backend.transcript)
        if let console = settings.console { router.addConsoleRoutes(files: console) }
        if let templates = settings.templates { router.addTemplateRoutes(files: templates) }

        var services = backend.services
        services.append(RepeatingService(interval: .seconds(60)) { _ = try? await shortCodes.purgeExpired() })
        services.append(
            RepeatingService(interval: .seconds(60)) {
                do {
                    _ = try await attachments.purge()
                } catch {
                    logger.warning("could not delete old attachments", metadata: ["error": "\(error)"])
                }
            })
        if let demo { services.append(demo) }
        let host = settings.host
        let gate = UpgradeGate()
        let connections = OpenConnections()
        let application = Application(
            router: router,
            server: WebSocketEndpoints.server(
                destination: backend.destination, origins: origins, gate: gate, connections: connections,
                pingInterval: settings.pingInterval, nodeLinks: backend.nodeLinks),
            configuration: .init(address: .hostname(host, port: settings.port), serverName: "assist-server"),
            services: services,
            onServerRunning: { channel in
                let url = listeningURL(host: host, port: channel.localAddress?.port ?? settings.port)
                origins.allow(url)
                backend.listening(url)
                if let demo {
                    origins.allow(DemoAgent.clientOrigin(ofServer: url))
                    demo.serverStarted(at: url)
                }
                await onListening(url)
            },
            logger: logger)
        return (application, backend, gate, connections)
    }

    /// The `http://` URL of a server bound to `host:port`, with IPv6 hosts bracketed.
    public static func listeningURL(host: String, port: Int) -> String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "http://\(shownHost):\(port)"
    }
}
