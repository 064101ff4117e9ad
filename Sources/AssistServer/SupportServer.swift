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
        let (application, hub, gate) = try await assemble(settings: settings, logger: logger, onListening: onListening)
        return [application, GoingAwayService(hub: hub, gate: gate, timeout: shutdownTimeout / 4)]
    }

    private static func assemble(
        settings: ServerSettings,
        logger: Logger,
        onListening: @escaping @Sendable (String) async -> Void
    ) async throws -> (application: some ApplicationProtocol, hub: SupportHub, gate: UpgradeGate) {
        let database = try SupportDatabase(path: settings.databasePath)
        let metrics = ServerMetrics()
        let origins = OriginAllowList(Set(settings.allowedOrigins))
        var directory = settings.agents
        let demo = settings.demoAgent ? DemoAgent(logger: logger) : nil
        if let demo { directory = try directory.adding(demo.account) }
        let shortCodes = ShortCodeService(
            storage: ShortCodeStore(writer: database.writer), sealer: database.tokenSealer, metrics: metrics,
            timeToLive: settings.shortCodeTimeToLive, logger: logger)
        let store = SessionStore(writer: database.writer)
        let readiness = DatabaseReadiness(logger: logger)
        let hub = SupportHub(
            store: store, directory: directory, metrics: metrics,
            settings: HubSettings(gracePeriodSeconds: settings.gracePeriodSeconds, iceServers: settings.iceServers), shortCodes: shortCodes,
            logger: logger, onWrite: { readiness.record(reachable: $0) })
        try await hub.restore()

        let router = Router(context: SupportRequestContext.self)
        router.addHealthRoutes(readiness: readiness)
        router.addMetricsRoutes(metrics)
        router.addShortCodeRoutes(service: shortCodes, agents: directory, origins: origins)
        router.addDiagnosticsRoutes(hub: hub, metrics: metrics)
        if let console = settings.console { router.addConsoleRoutes(files: console) }

        var services: [any Service] = [
            ReadinessProbe.service(store: store, readiness: readiness),
            RepeatingService(interval: .seconds(60)) { _ = try? await shortCodes.purgeExpired() },
            RepeatingService(interval: SupportDatabase.checkpointInterval) {
                do {
                    try database.checkpoint()
                } catch {
                    logger.warning("WAL checkpoint failed", metadata: ["error": "\(error)"])
                }
            },
        ]
        if let demo { services.append(demo) }
        let host = settings.host
        let gate = UpgradeGate()
        let application = Application(
            router: router,
            server: WebSocketEndpoints.server(
                hub: hub, origins: origins, gate: gate, readiness: readiness, pingInterval: settings.pingInterval),
            configuration: .init(address: .hostname(host, port: settings.port), serverName: "assist-server"),
            services: services,
            onServerRunning: { channel in
                let url = listeningURL(host: host, port: channel.localAddress?.port ?? settings.port)
                origins.allow(url)
                if let demo {
                    origins.allow(DemoAgent.clientOrigin(ofServer: url))
                    demo.serverStarted(at: url)
                }
                await onListening(url)
            },
            logger: logger)
        return (application, hub, gate)
    }

    /// The `http://` URL of a server bound to `host:port`, with IPv6 hosts bracketed.
    public static func listeningURL(host: String, port: Int) -> String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "http://\(shownHost):\(port)"
    }
}
