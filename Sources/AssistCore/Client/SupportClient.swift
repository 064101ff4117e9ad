import Foundation
import Logging

/// One support session of the person using the app, over the network: the
/// ``ConsumerSession`` state machine driven by a ``ReconnectingConnection``
/// over WebSocket.
///
/// Publishes what happens on ``events`` and the connection's ups and downs
/// on ``connectionEvents`` (both in order, each for one consumer: the view
/// layer). Intents — ``send(_:)``, ``answer(_:accepted:)``,
/// ``setTyping(_:)``, ``endSupport()`` — may be called at any time: while
/// the connection is down, chat messages and answers are held and sent when
/// it is back, so nothing is lost.
public actor SupportClient {
    /// What happens in the session, in order; finishes after the session ends.
    public nonisolated let events: AsyncStream<SupportEvent>
    /// The connection's events, in order, across reconnections and
    /// ``reconnect()``; finishes after the session ends.
    public nonisolated let connectionEvents: AsyncStream<ConnectionEvent>

    private let eventSink: AsyncStream<SupportEvent>.Continuation
    private let connectionEventSink: AsyncStream<ConnectionEvent>.Continuation
    private let endpoint: URL
    private let configuration: Configuration
    private let access: ServerAccess
    private let readIdleLimit: Duration
    private let logger: Logger
    /// Sends the session's diagnostic lines to the server, with
    /// ``Configuration/remoteLoggingEnabled``; `nil` otherwise.
    private let diagnostics: DiagnosticUploader?
    /// The upload under way, so that uploads go one after another, in order.
    private var diagnosticsUpload: Task<Void, Never>?
    private let now: @Sendable () -> Date
    private var session: ConsumerSession
    private var connection: ReconnectingConnection?
    private var link: AsyncStream<LinkCommand>.Continuation?
    private var forwarding: Task<Void, Never>?
    /// Co-browse frames handed to the connection and not yet written.
    private var cobrowseFramesInFlight = 0

    /// At most this many co-browse frames wait to be written; past it the
    /// sharer skips captures instead of piling pictures up in memory.
    public static let maxCobrowseFramesInFlight = 2

    /// How long the connection may stay silent — no frame at all arriving,
    /// not even the server's pings — before it counts as lost and is
    /// replaced (``ReadIdleDeadline``): twice the server's default ping
    /// interval of 30 s, plus 10 s, so one ping may go missing or come late.
    public static let defaultReadIdleLimit = Duration.seconds(70)

    /// A client for a session started with `configuration` and the pre-chat
    /// form's `submission`. Nothing happens until ``start()``.
    ///
    /// `access` decides certificates and cookies; pass the one the session's
    /// ``ShortCodeClient`` used, so that cookies its answers set go on the
    /// WebSocket. `nil` makes a new one from `configuration`. With
    /// `takesCalls` the app offers the call's protocol version and must
    /// answer ``SupportEvent/callMessage(_:)`` events with a ``CallMachine``.
    /// `readIdleLimit` is how long the connection may stay silent before it
    /// is replaced; it must be well over twice the server's ping interval.
    ///
    /// - Throws: ``UserFacingError`` when ``Configuration/server`` is not set
    ///   or is not a web address the app can connect to.
    public init(
        configuration: Configuration,
        submission: PrechatSubmission,
        access: ServerAccess? = nil,
        takesCalls: Bool = false,
        readIdleLimit: Duration = SupportClient.defaultReadIdleLimit,
        logger: Logger = Logger(label: "assist.client"),
        now: @escaping @Sendable () -> Date = Date.init
    ) throws(UserFacingError) {
        guard let server = configuration.server else {
            throw UserFacingError(message: "No support server is configured.", remedy: .checkSettings)
        }
        guard let endpoint = ConsumerEndpoint.url(forServer: server) else {
            throw UserFacingError(
                message: "The support server's address is not a valid web address.", remedy: .checkServerAddress)
        }
        self.endpoint = endpoint
        self.configuration = configuration
        let access = access ?? ServerAccess(configuration: configuration)
        self.access = access
        self.readIdleLimit = readIdleLimit
        if configuration.remoteLoggingEnabled {
            let buffer = DiagnosticBuffer()
            var logger = logger
            logger.handler = MultiplexLogHandler([logger.handler, DiagnosticLogHandler(buffer: buffer, now: now)])
            self.logger = logger
            diagnostics = DiagnosticUploader(buffer: buffer, server: server, access: access, timeout: configuration.timeout)
        } else {
            self.logger = logger
            diagnostics = nil
        }
        self.now = now
        session = ConsumerSession(
            hello: ConsumerHello(
                configuration: configuration, submission: submission,
                versions: ProtocolVersion.offered(takesCalls: takesCalls)))
        (events, eventSink) = AsyncStream.makeStream(of: SupportEvent.self)
        (connectionEvents, connectionEventSink) = AsyncStream.makeStream(of: ConnectionEvent.self)
    }

    /// Where the session stands now.
    public var phase: SupportPhase { session.phase }

    /// The chat so far.
    public var transcript: ChatTranscript { session.transcript }

    /// The server's id of the session, once it welcomed it.
    public var sessionID: SessionID? { session.welcome?.sessionID }

    /// Opens the session and returns once the server welcomed it.
    ///
    /// - Throws: Why the initial connection failed (see ``UserFacingError/init(_:)``
    ///   for the sentence to show), such as an ``UntrustedCertificateError``;
    ///   the session is then over.
    public func start() async throws {
        let connection = makeConnection(initialTimeout: configuration.initialConnectTimeout)
        do {
            try await connection.start()
        } catch {
            perform(session.endLocally(because: UserFacingError(error)))
            finish()
            throw error
        }
    }

    /// Connects again after the connection was given up (the banner's
    /// "Start again"), resuming the same session; messages that failed are
    /// sent again. Does nothing while a connection is still being kept.
    public func reconnect() async {
        guard connection == nil, !session.phase.isEnded else { return }
        perform(session.retrying())
        let connection = makeConnection(initialTimeout: configuration.initialConnectTimeout)
        do {
            try await connection.start()
        } catch {
            connectionEventSink.yield(.terminated(reason: error))
            connectionGivenUp()
        }
    }

    /// A handle to steer the current connection ("Retry now", "Give up"), or
    /// `nil` when none is kept.
    public var connector: Connector? { connection?.connector }

    /// Sends a chat message written by the person; blank text is ignored.
    public func send(_ text: String) {
        perform(session.sendChat(text, id: ClientMessageID(UUID().uuidString), at: now()))
    }

    /// Answers the agent's open request `id`.
    public func answer(_ id: RequestID, accepted: Bool) {
        perform(session.answer(id, accepted: accepted))
    }

    /// Stops showing the window to the agent, at once.
    public func stopSharing() {
        perform(session.stopSharing())
    }

    /// Takes control of the window back from the agent; the share goes on.
    public func stopControl() {
        perform(session.stopControl())
    }

    /// The shared window's content changed in `tiles`: the agent's strokes
    /// over a change go, unless the configuration keeps them
    /// (`keepAnnotationsOnChange`).
    public func contentChanged(in tiles: [ChangedTile]) {
        perform(session.contentChanged(in: tiles, keep: configuration.keepAnnotationsOnChange))
    }

    /// Takes the agent's strokes off the window, at the person's request.
    public func clearAnnotations() {
        perform(session.clearAnnotations())
    }

    /// Tells the agent what became of its input event `id`.
    public func reportInput(_ id: RequestID, outcome: InputOutcome) {
        perform(session.reportInput(id, outcome: outcome))
    }

    /// Whether a co-browse frame handed over now would be sent: the person
    /// is sharing, the connection is up and negotiated co-browse, and the
    /// connection is keeping up with the frames already handed over.
    public var isReadyForCobrowseFrame: Bool {
        session.canSendCobrowseFrames && link != nil && cobrowseFramesInFlight < Self.maxCobrowseFramesInFlight
    }

    /// Sends an encoded co-browse frame (``CobrowseFrameCodec/encode(_:)``)
    /// as a binary frame. Returns `false`, sending nothing, when
    /// ``isReadyForCobrowseFrame`` is false: the caller's next frame must
    /// then be a keyframe.
    public func sendCobrowseFrame(_ bytes: [UInt8]) -> Bool {
        guard isReadyForCobrowseFrame, let link else { return false }
        cobrowseFramesInFlight += 1
        link.yield(.binary(bytes))
        return true
    }

    /// Sends a message of the call (``CallAction/send(_:)``).
    public func sendCallMessage(_ message: ConsumerMessage) {
        perform(session.sendCallMessage(message))
    }

    /// The STUN and TURN servers the server named in its `welcome` for calls;
    /// empty before the welcome or on a connection without calls.
    public var iceServers: [IceServer] { session.welcome?.iceServers ?? [] }

    /// Tells the agent whether the person is typing.
    public func setTyping(_ isTyping: Bool) {
        perform(session.setTyping(isTyping))
    }

    /// Ends support: leaves the queue, or ends the chat with the agent. The
    /// server confirms and the session ends; without a connection it ends
    /// here at once.
    public func endSupport() async {
        guard !session.phase.isEnded else { return }
        if session.isOnline {
            perform(session.endSupport())
        } else {
            perform(session.endLocally(because: UserFacingError(sessionEnded: .consumerEnded)))
        }
    }

    // MARK: Connection callbacks (from ConsumerSocketTransport)

    /// A connection opened; returns the handshake frame and starts routing
    /// frames to `sink`.
    func linkOpened(_ sink: AsyncStream<LinkCommand>.Continuation) throws -> String {
        link?.finish()
        link = sink
        return try session.connectionOpened()
    }

    /// A text frame arrived; returns whether it completed the handshake.
    func linkReceived(_ text: String) -> Bool {
        perform(session.receive(text, at: now()))
    }

    /// A co-browse frame was written to the socket.
    func binaryFrameWritten() {
        cobrowseFramesInFlight = max(0, cobrowseFramesInFlight - 1)
    }

    /// The connection ended, with the server's close frame when there was one.
    func linkEnded(_ closure: LinkClosure? = nil) {
        link?.finish()
        link = nil
        cobrowseFramesInFlight = 0
        session.connectionLost()
        if let closure, !closure.allowsResume, let code = closure.code, code != .normal {
            logger.notice("support session closed by the server", metadata: ["close": "\(closure)"])
            perform(session.endLocally(because: UserFacingError(closeCode: code)))
        }
    }

    // MARK: Driving

    private func makeConnection(initialTimeout: TimeInterval) -> ReconnectingConnection {
        let transport = ConsumerSocketTransport(
            url: endpoint, access: access, readIdleLimit: readIdleLimit, logger: logger, client: self)
        let connection = ReconnectingConnection(
            transport: transport,
            policy: ReconnectPolicy(
                retryIntervals: configuration.retryIntervals,
                maxReconnectTimeouts: configuration.maxReconnectTimeouts,
                jitter: configuration.reconnectJitter),
            initialConnectTimeout: initialTimeout,
            delegate: configuration.connectionDelegate)
        self.connection = connection
        let sink = connectionEventSink
        let previous = forwarding
        forwarding = Task { [weak self] in
            await previous?.value
            for await event in connection.events {
                await self?.record(event)
                sink.yield(event)
                if case .terminated(let reason?) = event {
                    await self?.connectionTerminated(by: reason)
                }
            }
            await self?.connectionReleased(connection)
        }
        return connection
    }

    /// With remote logging on, logs a connection event (no personal data:
    /// states, attempts, error descriptions) and, once connected again,
    /// uploads the diagnostic lines gathered meanwhile.
    private func record(_ event: ConnectionEvent) {
        guard diagnostics != nil else { return }
        switch event {
        case .connected:
            logger.info("connected to the support server")
            uploadDiagnostics()
        case .disconnected(let reason):
            logger.notice("connection lost", metadata: ["reason": "\(reason)"])
        case .willRetry(let seconds, let attempt, let of):
            logger.info("will reconnect", metadata: ["inSeconds": "\(seconds)", "attempt": "\(attempt)", "of": "\(of)"])
        case .reconnecting(let attempt, let of):
            logger.info("reconnecting", metadata: ["attempt": "\(attempt)", "of": "\(of.map(String.init) ?? "unlimited")"])
        case .reconnected:
            logger.info("reconnected and resumed the session")
            uploadDiagnostics()
        case .terminated(let reason):
            logger.notice("connection ended", metadata: ["reason": "\(reason.map { "\($0)" } ?? "on purpose")"])
            uploadDiagnostics()
        }
    }

    /// Uploads the waiting diagnostic lines, after any upload under way.
    private func uploadDiagnostics() {
        guard let diagnostics, let token = session.welcome?.resumeToken else { return }
        let previous = diagnosticsUpload
        diagnosticsUpload = Task {
            await previous?.value
            await diagnostics.upload(resumeToken: token.rawValue)
        }
    }

    /// Waits for the diagnostic uploads started so far (for tests and for
    /// an app that wants its last lines sent before it quits).
    public func diagnosticsUploaded() async {
        await diagnosticsUpload?.value
    }

    private func connectionTerminated(by reason: any Error) {
        guard !session.phase.isEnded else { return }
        if let closure = reason as? LinkClosure, !closure.allowsResume {
            return
        }
        connectionGivenUp()
    }

    private func connectionGivenUp() {
        connection = nil
        perform(session.connectionGivenUp())
    }

    private func connectionReleased(_ released: ReconnectingConnection) {
        if connection === released { connection = nil }
        if session.phase.isEnded { finish() }
    }

    /// Performs `effects` in order; returns whether one of them established
    /// the connection.
    @discardableResult
    private func perform(_ effects: [ConsumerSessionEffect]) -> Bool {
        var established = false
        for effect in effects {
            switch effect {
            case .transmit(let text):
                link?.yield(.text(text))
            case .established:
                established = true
            case .close(let code, let reason):
                logger.notice("closing a connection the server broke", metadata: ["code": "\(code)", "reason": "\(reason)"])
                link?.yield(.close(code, reason: reason))
            case .publish(let event):
                eventSink.yield(event)
                if case .phaseChanged(.ended) = event {
                    sessionEnded()
                }
            }
        }
        return established
    }

    private func sessionEnded() {
        guard let connection else {
            finish()
            return
        }
        Task { await connection.endSupport() }
    }

    private func finish() {
        eventSink.finish()
        connectionEventSink.finish()
    }
}
