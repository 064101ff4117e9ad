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
    /// Where the session is kept across restarts of the app, if anywhere.
    private let keeping: KeptSessionStore?
    /// The configured server, as the kept record names it.
    private let keptServer: String
    /// The record last written, so that only a change is written.
    private var lastKept: KeptSession?
    /// Whether this client resumes a kept session and has not been welcomed yet.
    private var isResumingKept = false
    /// Whether the server refused to resume the kept session (4002).
    private var keptSessionRefused = false
    /// Whether the session's end leaves the kept record in place: the first
    /// connection of a resumed session failed without the server refusing it.
    private var keepsRecordAtEnd = false
    /// The support server's URL, under which its HTTP endpoints are.
    private let server: URL
    /// Where received files are saved (``saveReceivedFiles(in:)``); `nil` saves none.
    private var downloadsFolder: URL?
    /// The person's uploads under way, by their entry's id, for Cancel.
    private var uploads: [String: Task<Void, Never>] = [:]

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
    /// With `sharesScreen` the app can show the screen through the desktop
    /// (it has a screen capture), so it offers ``ShareScope/screen`` when the
    /// configuration's ``Configuration/screenShareScopes`` has it; with
    /// `controlsScreen` as well (the desktop can lend a pointer and a
    /// keyboard) it offers control of the screen when
    /// ``Configuration/screenControl`` allows it (§12.9); with `streamsScreen`
    /// as well (the app has a video engine) a shared screen may travel as a
    /// video track (§13.5, ``SupportEvent/screenSignal(requestID:signal:)``).
    /// With `keeping`, the session is kept there from its first `welcome`
    /// until it ends (see ``init(configuration:resuming:access:takesCalls:sharesScreen:controlsScreen:streamsScreen:keeping:readIdleLimit:logger:now:)``).
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
        sharesScreen: Bool = false,
        controlsScreen: Bool = false,
        streamsScreen: Bool = false,
        keeping: KeptSessionStore? = nil,
        readIdleLimit: Duration = SupportClient.defaultReadIdleLimit,
        logger: Logger = Logger(label: "assist.client"),
        now: @escaping @Sendable () -> Date = Date.init
    ) throws(UserFacingError) {
        try self.init(
            configuration: configuration, opening: .new(submission), access: access, takesCalls: takesCalls,
            sharesScreen: sharesScreen, controlsScreen: controlsScreen, streamsScreen: streamsScreen, keeping: keeping,
            readIdleLimit: readIdleLimit, logger: logger, now: now)
    }

    /// A client that resumes the session `kept` (loaded from `keeping`,
    /// ``KeptSessionStore/load()``): ``phase`` and ``transcript`` are as they
    /// were at once, and ``start()`` resumes with the kept token and then
    /// sends what the server had not acknowledged, with its original client
    /// message ids, so each message goes once.
    ///
    /// The record in `keeping` is rewritten before anything goes on the wire
    /// whenever what must survive changed — a message sent or held, a
    /// receipt, a message received (before its acknowledgement), a new
    /// resume token — and deleted when the session ends: by the person, the
    /// agent, leaving the queue, or the server refusing the resume (a
    /// ``LinkClosure`` with ``CloseCode/resumeRejected`` from ``start()``).
    /// A first connection that fails otherwise keeps the record for a later try.
    ///
    /// - Throws: ``UserFacingError`` when the server is not configured, or
    ///   `kept` cannot be restored.
    public init(
        configuration: Configuration,
        resuming kept: KeptSession,
        access: ServerAccess? = nil,
        takesCalls: Bool = false,
        sharesScreen: Bool = false,
        controlsScreen: Bool = false,
        streamsScreen: Bool = false,
        keeping: KeptSessionStore?,
        readIdleLimit: Duration = SupportClient.defaultReadIdleLimit,
        logger: Logger = Logger(label: "assist.client"),
        now: @escaping @Sendable () -> Date = Date.init
    ) throws(UserFacingError) {
        try self.init(
            configuration: configuration, opening: .resumed(kept), access: access, takesCalls: takesCalls,
            sharesScreen: sharesScreen, controlsScreen: controlsScreen, streamsScreen: streamsScreen, keeping: keeping,
            readIdleLimit: readIdleLimit, logger: logger, now: now)
    }

    /// How a client's session begins.
    private enum Opening {
        /// With `hello` and these pre-chat answers.
        case new(PrechatSubmission)
        /// With `resume`, from what was kept.
        case resumed(KeptSession)
    }

    private init(
        configuration: Configuration, opening: Opening, access: ServerAccess?, takesCalls: Bool,
        sharesScreen: Bool, controlsScreen: Bool, streamsScreen: Bool, keeping: KeptSessionStore?, readIdleLimit: Duration, logger: Logger, now: @escaping @Sendable () -> Date
    ) throws(UserFacingError) {
        guard let server = configuration.server else {
            throw UserFacingError(message: localized("No support server is configured."), remedy: .checkSettings)
        }
        guard let endpoint = ConsumerEndpoint.url(forServer: server) else {
            throw UserFacingError(
                message: localized("The support server's address is not a valid web address."), remedy: .checkServerAddress)
        }
        if case .new = opening, configuration.destination.isEmpty, configuration.sessionToken.isEmpty {
            throw UserFacingError(
                message: localized(
                    "No destination is configured, so the app does not know which support queue to join: set \"destination\" in the settings."),
                remedy: .checkSettings)
        }
        self.endpoint = endpoint
        self.server = server
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
        self.keeping = keeping
        keptServer = server.absoluteString
        let versions = ProtocolVersion.offered(takesCalls: takesCalls)
        switch opening {
        case .new(let submission):
            session = ConsumerSession(
                hello: ConsumerHello(
                    configuration: configuration, submission: submission, versions: versions, sharesScreen: sharesScreen,
                    controlsScreen: controlsScreen, streamsScreen: streamsScreen))
        case .resumed(let kept):
            let hello = ConsumerHello(
                configuration: configuration, submission: PrechatSubmission(answers: [], visitorName: nil),
                versions: versions, sharesScreen: sharesScreen, controlsScreen: controlsScreen,
                streamsScreen: streamsScreen)
            do {
                session = try ConsumerSession(restoring: kept, hello: hello)
            } catch {
                throw UserFacingError(
                    message: localized("The earlier support session could not be restored."), remedy: .startNewSession)
            }
            lastKept = kept
            isResumingKept = true
        }
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
    ///   the session is then over. A resumed kept session the server no
    ///   longer has throws a ``LinkClosure`` with ``CloseCode/resumeRejected``.
    public func start() async throws {
        let connection = makeConnection(initialTimeout: configuration.initialConnectTimeout)
        do {
            try await connection.start()
        } catch {
            let refused = keptSessionRefused || (error as? LinkClosure)?.code == .resumeRejected
            if isResumingKept, !refused { keepsRecordAtEnd = true }
            perform(session.endLocally(because: UserFacingError(error)))
            finish()
            // The refusal may surface as the connection ended by the session's end.
            throw refused ? LinkClosure(code: .resumeRejected, reason: nil) : error
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

    /// Saves every file the person receives from now on into `folder` (the
    /// desktop's Downloads folder, for an app), under its name or a free
    /// variant of it; each entry's ``ChatEntry/file`` follows the download.
    /// With `nil` (the default), received files are not saved and their
    /// entries say so.
    public func saveReceivedFiles(in folder: URL?) {
        downloadsFolder = folder
    }

    /// Sends the file at `file` to the agent: it shows at once as uploading
    /// with its progress, then goes as a chat message once the server has it
    /// (protocol §11.6). A file that cannot be read, that the server refuses,
    /// or that the person cancels (``cancelFile(_:)``) says why on its entry.
    public func sendFile(_ file: URL) {
        let id = ClientMessageID(UUID().uuidString)
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        perform(session.beginFile(ChatEntry.LocalFile(path: file.path, size: size), id: id, at: now()))
        guard let token = session.welcome?.resumeToken else {
            perform(session.fileChanged(id.rawValue, .notSent(localized("The file can be sent once the support server has answered."))))
            return
        }
        uploads[id.rawValue] = Task.detached { [weak self, transfer] in
            await self?.upload(file, id: id, size: size, resumeToken: token, with: transfer)
        }
    }

    /// Files to and from the server, with this session's certificate checks and cookies.
    private var transfer: AttachmentTransfer {
        AttachmentTransfer(server: server, access: access, timeout: configuration.timeout)
    }

    /// Uploads `file` as entry `id` and sends its message, or says on the entry why not.
    private nonisolated func upload(
        _ file: URL, id: ClientMessageID, size: Int, resumeToken token: ResumeToken, with transfer: AttachmentTransfer
    ) async {
        do {
            let (attachment, ticket) = try await transfer.upload(
                file, name: file.lastPathComponent, resumeToken: token.rawValue,
                progress: { sent in Task { await self.fileChanged(id.rawValue, .uploading(sent: sent, size: size)) } })
            await fileUploaded(id, attachment: attachment, ticket: ticket)
        } catch {
            if error is CancellationError || Task.isCancelled {
                await fileChanged(id.rawValue, .cancelled)
            } else {
                await fileChanged(id.rawValue, .notSent(Self.sentence(for: error, saving: false)))
            }
        }
    }

    /// Cancels the upload of the person's file entry `entryID`, if it is still uploading.
    public func cancelFile(_ entryID: String) {
        uploads.removeValue(forKey: entryID)?.cancel()
    }

    /// Shows `state` on the file entry `id`. Progress arrives from the
    /// upload's own tasks: it is dropped once the upload is over, and when an
    /// earlier report arrives after a later one.
    private func fileChanged(_ id: String, _ state: ChatFileState) {
        if case .uploading(let sent, _) = state {
            guard uploads[id] != nil else { return }
            if case .uploading(let shown, _)? = session.transcript.entry(id)?.file, shown > sent { return }
        } else {
            uploads[id] = nil
        }
        perform(session.fileChanged(id, state))
    }

    private func fileUploaded(_ id: ClientMessageID, attachment: AttachmentInfo, ticket: AttachmentTicket) {
        uploads[id.rawValue] = nil
        perform(session.sendFile(attachment, ticket: ticket, id: id))
    }

    /// Saves the received `attachment` of entry `entryID` into the folder
    /// for received files; says on the entry when none is set.
    private func fetch(_ attachment: AttachmentInfo, entryID: String) {
        guard let token = session.welcome?.resumeToken, let sessionID = session.welcome?.sessionID else { return }
        guard let folder = downloadsFolder else {
            perform(session.fileChanged(entryID, .notSaved(localized("The file was not saved: no folder is set for received files."))))
            return
        }
        perform(session.fileChanged(entryID, .downloading))
        Task.detached { [weak self, transfer] in
            await self?.download(attachment, entryID: entryID, session: sessionID, resumeToken: token, into: folder, with: transfer)
        }
    }

    /// Saves `attachment` into `folder` and says on entry `entryID` where, or why not.
    private nonisolated func download(
        _ attachment: AttachmentInfo, entryID: String, session: SessionID, resumeToken token: ResumeToken, into folder: URL,
        with transfer: AttachmentTransfer
    ) async {
        do {
            let saved = try await transfer.download(attachment, session: session, resumeToken: token.rawValue, into: folder)
            await fileChanged(entryID, .saved(path: saved.path))
        } catch {
            await fileChanged(entryID, .notSaved(Self.sentence(for: error, saving: true)))
        }
    }

    /// One sentence for the person on why their file was not sent, or a
    /// received one not saved.
    private nonisolated static func sentence(for error: any Error, saving: Bool) -> String {
        switch error {
        case AttachmentTransferError.unreachable where saving:
            localized("The server could not be reached, so the file was not saved.")
        case let error as AttachmentTransferError:
            error.description
        default:
            saving
                ? localized("The file could not be saved: {reason}", ["reason": error.localizedDescription])
                : localized("The file was not sent: {reason}", ["reason": error.localizedDescription])
        }
    }

    /// Answers the agent's open request `id`; an accepted screen share of
    /// scope ``ShareScope/screen`` names what the person picked in `sharing`
    /// (see ``ConsumerSession/answer(_:accepted:sharing:)``).
    public func answer(_ id: RequestID, accepted: Bool, sharing: SharedSource? = nil) {
        perform(session.answer(id, accepted: accepted, sharing: sharing))
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

    /// Sends a step of the negotiation of the video track that carries the
    /// running screen share `requestID` (§13.5).
    public func sendScreenSignal(_ signal: CallSignal, for requestID: RequestID) {
        perform(session.sendScreenSignal(signal, for: requestID))
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
        if isResumingKept, closure?.code == .resumeRejected { keptSessionRefused = true }
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
    /// the connection. The kept record is written before the first message
    /// goes out and before the first event is told, so what the person sees
    /// and what the server gets are on disk already.
    @discardableResult
    private func perform(_ effects: [ConsumerSessionEffect]) -> Bool {
        var established = false
        var keptBeforeTelling = false
        func keepBeforeTelling() {
            guard !keptBeforeTelling else { return }
            keepSession()
            keptBeforeTelling = true
        }
        for effect in effects {
            switch effect {
            case .transmit(let text):
                keepBeforeTelling()
                link?.yield(.text(text))
            case .established:
                established = true
                isResumingKept = false
            case .close(let code, let reason):
                logger.notice("closing a connection the server broke", metadata: ["code": "\(code)", "reason": "\(reason)"])
                link?.yield(.close(code, reason: reason))
            case .fetch(let entryID, let attachment):
                fetch(attachment, entryID: entryID)
            case .publish(let event):
                keepBeforeTelling()
                eventSink.yield(event)
                if case .phaseChanged(.ended) = event {
                    sessionEnded()
                }
            }
        }
        keepSession()
        return established
    }

    /// Writes the kept record when what must survive changed since the last
    /// write; deletes it once the session ended. A failure is logged: the
    /// session goes on, only not kept.
    private func keepSession() {
        guard let keeping else { return }
        do {
            if session.phase.isEnded {
                guard lastKept != nil, !keepsRecordAtEnd else { return }
                try keeping.delete()
                lastKept = nil
                return
            }
            guard let record = try session.kept(server: keptServer), record != lastKept else { return }
            try keeping.save(record)
            lastKept = record
        } catch {
            logger.error("the support session could not be kept", metadata: ["error": "\(error)"])
        }
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
