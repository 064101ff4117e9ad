import AssistCore
import Logging
import PostgresNIO
import Prometheus
import ServiceLifecycle

/// What serves the server's connections and routes: one hub on SQLite, or
/// a node of a cluster on PostgreSQL (``ClusterNode``).
struct ServerBackend: Sendable {
    /// Where a connection opening now goes; `nil` refuses it.
    let destination: @Sendable () -> LinkDestination?
    /// Whether the server takes new work (`GET /healthz`).
    let isReady: @Sendable () -> Bool
    /// The open session whose consumer holds a resume token.
    let session: @Sendable (_ resumeToken: String) async -> SessionID?
    /// A stored session and its chat, open or ended, for a transcript
    /// download; `nil` when the database has no such session.
    let transcript: @Sendable (SessionID) async throws -> SessionTranscript?
    /// Closes every connection with 1001, for a shutdown.
    let goAway: @Sendable (_ timeout: Duration) async -> Void
    /// Short codes and their rate limits, kept in the same database on a
    /// cluster; on SQLite the rate limits are the server's, in memory.
    let shortCodes: ShortCodeService
    /// Files sent in chat, in the same database.
    let attachments: any AttachmentStorage
    /// Seals and reads the tickets of complete uploads, with the same key on every node.
    let attachmentTickets: AttachmentTickets
    /// What runs beside the HTTP server, first to start and last to stop.
    let services: [any Service]
    /// A cluster node's links to the other nodes, whose endpoint the HTTP
    /// server serves; `nil` on SQLite.
    var nodeLinks: NodeLinks? = nil
    /// Told the URL the HTTP server listens on, once it does.
    var listening: @Sendable (String) -> Void = { _ in }

    /// The hub's settings for `settings`.
    private static func hubSettings(_ settings: ServerSettings) -> HubSettings {
        HubSettings(
            gracePeriodSeconds: settings.gracePeriodSeconds, iceServers: settings.iceServers,
            chatMasker: settings.chatMasker)
    }

    /// Reads a session and its chat from `store`: on a cluster any node
    /// answers from the shared database.
    private static func transcriptReader(_ store: some SessionStorage)
        -> @Sendable (SessionID) async throws -> SessionTranscript?
    {
        { id in
            guard let session = try await store.session(id: id) else { return nil }
            return SessionTranscript(session: session, chat: try await store.transcript(of: id))
        }
    }

    /// One hub on the SQLite database at `settings.databasePath`, restored
    /// from it before this returns.
    static func sqlite(
        settings: ServerSettings, directory: AgentDirectory, metrics: ServerMetrics, logger: Logger
    ) async throws -> ServerBackend {
        let database = try SupportDatabase(path: settings.databasePath)
        let shortCodes = ShortCodeService(
            storage: ShortCodeStore(writer: database.writer), sealer: database.tokenSealer, metrics: metrics,
            timeToLive: settings.shortCodeTimeToLive, logger: logger)
        let store = SessionStore(writer: database.writer)
        let readiness = DatabaseReadiness(logger: logger)
        let tickets = AttachmentTickets(sealer: database.tokenSealer)
        let hub = SupportHub(
            store: store, directory: directory, metrics: metrics, settings: hubSettings(settings),
            shortCodes: shortCodes, attachmentTickets: tickets, logger: logger,
            onWrite: { readiness.record(reachable: $0) })
        try await hub.restore()
        metrics.leading.set(1.0)
        return ServerBackend(
            destination: { readiness.isReady ? .hub(hub) : nil },
            isReady: { readiness.isReady },
            session: { await hub.session(forResumeToken: $0) },
            transcript: transcriptReader(store),
            goAway: { await hub.goAway(within: $0) },
            shortCodes: shortCodes,
            attachments: AttachmentStore(writer: database.writer), attachmentTickets: tickets,
            services: [
                ReadinessProbe.service(store: store, readiness: readiness),
                RepeatingService(interval: SupportDatabase.checkpointInterval) {
                    do {
                        try database.checkpoint()
                    } catch {
                        logger.warning("WAL checkpoint failed", metadata: ["error": "\(error)"])
                    }
                },
            ])
    }

    /// A node of the cluster whose database `url` names, migrated before
    /// this returns; it leads or follows once its services run.
    static func postgres(
        _ url: PostgresDatabaseURL, settings: ServerSettings, directory: AgentDirectory, metrics: ServerMetrics,
        logger: Logger
    ) async throws -> ServerBackend {
        guard let keyFile = settings.tokenKeyFile else { throw ServerSettingsError.tokenKeyFileRequired }
        let sealer = try TokenSealer(sharedKeyFile: keyFile)
        let client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: logger)
        let running = PostgresClientService(client: client)
        let store = try await PostgresSessionStore(migrating: client, logger: logger)
        let shortCodes = ShortCodeService(
            storage: try await PostgresShortCodeStore(migrating: client, logger: logger), sealer: sealer,
            metrics: metrics, timeToLive: settings.shortCodeTimeToLive,
            rateLimits: try await PostgresRateLimitLedger(migrating: client, logger: logger), logger: logger)
        let readiness = DatabaseReadiness(logger: logger)
        let node = ClusterNode(
            client: client, metrics: metrics, logger: logger, chatMasker: settings.chatMasker,
            credential: NodeLinkCredential(sealer: sealer), linkURL: settings.nodeURL
        ) { fence in
            SupportHub(
                store: PostgresSessionStore(client: client, logger: logger, fence: fence), directory: directory,
                metrics: metrics, settings: hubSettings(settings), shortCodes: shortCodes,
                attachmentTickets: AttachmentTickets(sealer: sealer), logger: logger,
                onWrite: { readiness.record(reachable: $0) }, mayDeliver: { fence.mayDeliver })
        }
        logger.info("joining the cluster", metadata: ["node": "\(node.id)"])
        return ServerBackend(
            destination: { readiness.isReady ? node.destination() : nil },
            isReady: { readiness.isReady && node.isReady },
            session: { token in
                if let hub = node.leadingHub { return await hub.session(forResumeToken: token) }
                return try? await store.openSession(forResumeDigest: SecretDigest(of: token))
            },
            transcript: transcriptReader(store),
            goAway: { await node.goAway(within: $0) },
            shortCodes: shortCodes,
            attachments: PostgresAttachmentStore(client: client, logger: logger),
            attachmentTickets: AttachmentTickets(sealer: sealer),
            services: [
                running,
                ReadinessProbe.service(store: store, readiness: readiness),
                ClusterNodeService(node: node),
            ],
            nodeLinks: node.links,
            listening: { node.listening(at: $0) })
    }
}
