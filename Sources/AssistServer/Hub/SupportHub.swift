import AssistCore
import Foundation
import Logging

/// The heart of the server: every session, every agent and every queue.
///
/// Endpoints hand it frames; it decides synchronously, then — once per
/// event — hands all that changed and the frames it decided to the
/// ``CommitPipeline``, which writes the changes in one database transaction
/// and only then queues the frames to the connections. So nothing is
/// acknowledged or shown to a peer that a crash could lose, and a restarted
/// hub (``restore()``) resumes where it stopped. The hub itself never
/// waits for the database while it handles an event.
actor SupportHub {
    let store: any SessionStorage
    /// Writes each event, then sends its frames.
    let commits: CommitPipeline
    let directory: AgentDirectory
    let metrics: ServerMetrics
    let settings: HubSettings
    let shortCodes: ShortCodeService
    /// Reads the tickets of files sent with chat messages.
    let attachmentTickets: AttachmentTickets
    let logger: Logger
    let clock: any Clock<Duration>
    private let now: @Sendable () -> Date

    var sessions: [SessionID: LiveSession] = [:]
    /// Each session's id by its resume token's digest, so a resume finds its
    /// session at once without the server keeping the token.
    var sessionsByResumeDigest: [SecretDigest: SessionID] = [:]
    var agents: [String: LiveAgent] = [:]
    /// Queued sessions, per destination, longest-waiting first.
    var waiting = WaitingQueues()
    /// The sessions each agent is working on.
    var assignments = AgentAssignments()
    /// Sessions joined by short code whose consumer is to be told (again) that it is next.
    var escalationsToAnnounce: Set<SessionID> = []
    /// Sessions joined by short code, by correlation id, until an agent takes them.
    var escalations: [String: SessionID] = [:]
    /// Agents that redeemed a code before its consumer arrived, by correlation id.
    var pendingEscalations: [String: String] = [:]
    var estimator = WaitEstimator()
    /// Agents whose sessions are going back to the queue, part by part.
    var departures: [String: AgentDeparture] = [:]
    private var linkStates: [Int: LinkState] = [:]
    /// What ``prepareHandshake(_:on:)`` read for connections yet to be handled.
    var handshakeLookups: [Int: HandshakeLookup] = [:]
    /// The envelope of the message being handled, set only around
    /// synchronous handling so that errors name the frame (§3 `ErrorReport`).
    var handling: FrameHeader?
    /// Every open connection, so a shutdown can close each with 1001.
    private var openLinks: [Int: PeerLink] = [:]
    /// The server is shutting down: every connection is told to go away.
    private var goingAway = false
    /// The hub's cluster term is over: it writes and sends nothing more.
    private var retired = false

    private var changes = StoreChanges()
    private var outputs: [(link: PeerLink, output: LinkOutput)] = []
    private var dirtySessions: Set<SessionID> = []
    private var dirtyAgents: Set<String> = []
    private var acknowledgements = DeferredAcknowledgements()
    /// What this event left for events of their own (``continueOnceStored(_:)``).
    private var continuations: [EventContinuation] = []

    /// What a connection is to the hub.
    enum LinkState {
        case handshaking
        case consumer(SessionID)
        case agent(String)
    }

    init(
        store: any SessionStorage, directory: AgentDirectory, metrics: ServerMetrics, settings: HubSettings,
        shortCodes: ShortCodeService, attachmentTickets: AttachmentTickets = AttachmentTickets(sealer: TokenSealer()),
        logger: Logger, clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = Date.init,
        onWrite: @escaping @Sendable (_ succeeded: Bool) -> Void = { _ in },
        mayDeliver: @escaping @Sendable () -> Bool = { true }
    ) {
        self.store = store
        self.commits = CommitPipeline(store: store, logger: logger, onWrite: onWrite, mayDeliver: mayDeliver)
        self.directory = directory
        self.metrics = metrics
        self.settings = settings
        self.shortCodes = shortCodes
        self.attachmentTickets = attachmentTickets
        self.logger = logger
        self.clock = clock
        self.now = now
    }

    /// The current time, as the hub's clock for timestamps sees it.
    var currentDate: Date { now() }

    // MARK: Connections

    /// A connection opened; it must say `hello` or `resume` first. During a
    /// shutdown it is closed at once with 1001, so its client comes back to
    /// the next server instead.
    func connected(_ link: PeerLink) {
        linkStates[link.id] = .handshaking
        openLinks[link.id] = link
        if goingAway { link.close(.goingAway, reason: Self.goingAwayReason) }
    }

    /// Starts a graceful shutdown (§11.4): every connection, and every one
    /// that opens from now on, is closed with 1001 ("going away"), which
    /// tells its client to resume later. Sessions stay in the database.
    /// Returns once each close is written or `timeout` has passed.
    func goAway(within timeout: Duration) async {
        goingAway = true
        let links = Array(openLinks.values)
        for link in links { link.close(.goingAway, reason: Self.goingAwayReason) }
        await waitAtMost(timeout, on: clock) {
            for link in links { await link.closeWritten() }
        }
    }

    /// Ends the hub's work for good, when its node stops leading a cluster
    /// (``ClusterNode``): nothing it decides from now on is written or sent
    /// — its timers may still fire — and every connection is closed with
    /// 1001, so its client resumes with the new leader. Returns once each
    /// close is written or `timeout` has passed.
    func retire(within timeout: Duration) async {
        retired = true
        changes = StoreChanges()
        outputs = []
        await goAway(within: timeout)
    }

    /// The close reason of a shutdown.
    static let goingAwayReason = "the server is restarting"

    /// A frame arrived on a consumer's connection; a cluster node that
    /// forwarded it masked `maskedBefore` in its chat text. Returns what it
    /// costs against the connection's frame rate.
    ///
    /// Synchronous on purpose: an async call chain from a connection's task
    /// would keep its frames' memory in that task for as long as the
    /// connection lives, and consumers are the many idle connections.
    @discardableResult
    func receivedFromConsumer(
        _ frame: InboundFrame, on link: PeerLink, maskedBefore: [SensitiveDataKind] = []
    ) -> FrameCost {
        var cost = FrameCost.counted
        switch linkStates[link.id] {
        case .handshaking?:
            consumerHandshake(frame, on: link)
        case .consumer(let session)?:
            if case .binary(let data) = frame, link.version >= ProtocolVersion.cobrowse {
                cobrowseFrame(data, session: session, on: link)
            } else {
                cost = consumerFrame(frame, session: session, on: link, maskedBefore: maskedBefore)
            }
        case .agent?, nil:
            return cost
        }
        finishEvent()
        return cost
    }

    /// A frame arrived on an agent's connection; a cluster node that
    /// forwarded it masked `maskedBefore` in its chat text. Returns what it
    /// costs against the connection's frame rate.
    @discardableResult
    func receivedFromAgent(
        _ frame: InboundFrame, on link: PeerLink, maskedBefore: [SensitiveDataKind] = []
    ) -> FrameCost {
        var cost = FrameCost.counted
        switch linkStates[link.id] {
        case .handshaking?:
            agentHandshake(frame, on: link)
        case .agent(let agent)?:
            cost = agentFrame(frame, agent: agent, on: link, maskedBefore: maskedBefore)
        case .consumer?, nil:
            return cost
        }
        finishEvent()
        return cost
    }

    /// A frame the connection could not turn into a message (too large, or
    /// broken WebSocket fragmentation): answered as `error` says, before or
    /// after the handshake alike.
    func unreadable(_ error: ProtocolError, on link: PeerLink) {
        switch link.role {
        case .consumer: refuse(error, on: link, replyType: ServerToConsumerMessage.self)
        case .agent: refuse(error, on: link, replyType: ServerToAgentMessage.self)
        }
        finishEvent()
    }

    /// The connection closed, for whatever reason.
    func disconnected(_ link: PeerLink) {
        openLinks[link.id] = nil
        handshakeLookups[link.id] = nil
        switch linkStates.removeValue(forKey: link.id) {
        case .consumer(let id)?:
            guard var session = sessions[id], session.link == link else { break }
            session.link = nil
            session.channel.connectionLost()
            session.generation += 1
            sessions[id] = session
            startGraceTimer(forSession: id, generation: session.generation)
        case .agent(let id)?:
            guard var agent = agents[id], agent.link == link else { break }
            agent.link = nil
            agent.channel.connectionLost()
            agent.generation += 1
            agents[id] = agent
            startGraceTimer(forAgent: id, generation: agent.generation)
            refreshQueue()
        case .handshaking?, nil:
            break
        }
        finishEvent()
    }

    func setLinkState(_ state: LinkState, for link: PeerLink) {
        linkStates[link.id] = state
    }

    /// Whether `link` has yet to say `hello` or `resume`.
    func isHandshaking(_ link: PeerLink) -> Bool {
        if case .handshaking? = linkStates[link.id] { return true }
        return false
    }

    // MARK: Sending

    /// Sends a message to a session's consumer: sequenced ones are numbered,
    /// stored and replayed if the consumer is offline; others go only to a
    /// live connection.
    ///
    /// The channel is changed in place, never through a copy of the session:
    /// changing a copy would copy every frame the consumer has not acknowledged.
    func send(_ message: ServerToConsumerMessage, toSession id: SessionID) {
        guard let action = sessions[id]?.channel.send(message), let session = sessions[id] else { return }
        dirtySessions.insert(id)
        let kept = dispatch(
            action, to: session.link, stream: session.streamID, persistedThrough: session.persistedThrough,
            owner: "session \(id.rawValue)")
        if let kept { sessions[id]?.persistedThrough = kept }
    }

    /// Sends a message to an agent, as ``send(_:toSession:)`` does for consumers.
    func send(_ message: ServerToAgentMessage, toAgent id: String) {
        guard let action = agents[id]?.channel.send(message), let agent = agents[id] else { return }
        dirtyAgents.insert(id)
        let kept = dispatch(
            action, to: agent.link, stream: agent.streamID, persistedThrough: agent.persistedThrough,
            owner: "agent \(id)")
        if let kept { agents[id]?.persistedThrough = kept }
    }

    /// Carries out what a channel decided for an outgoing message. A frame
    /// to transmit is encoded once: the same text is queued for the
    /// connection and, when it is the stream's next sequenced frame (the
    /// stream's outbox holds every frame through `persistedThrough`), kept in
    /// its outbox with this event. Returns the `seq` so kept; anything else
    /// unacknowledged is kept by ``finishEvent()``.
    private func dispatch<Message: WireMessage>(
        _ action: SendAction<Message>, to link: PeerLink?, stream: String, persistedThrough: Int, owner: String
    ) -> Int? {
        switch action {
        case .transmit(let envelope):
            guard let text = encode(envelope) else { return nil }
            if let link { outputs.append((link, .text(text))) }
            guard let seq = envelope.seq, seq == persistedThrough + 1 else { return nil }
            changes.outboxAppends.append((stream, seq, text))
            return seq
        case .fail(let error):
            // §6.2: a peer that lets 1,000 frames go unacknowledged is closed
            // with 1008; it resumes, and the replay brings what it missed.
            logger.error("outbox full; message not sent", metadata: ["owner": "\(owner)", "error": "\(error)"])
            if let link { refuse(error, on: link, replyType: Message.self) }
            return nil
        case .hold, .discard:
            return nil
        }
    }

    /// Queues an encoded envelope for a connection, written after the commit.
    func queue<Message: WireMessage>(_ envelope: Envelope<Message>, to link: PeerLink) {
        if let text = encode(envelope) { outputs.append((link, .text(text))) }
    }

    /// The text of `envelope`, or `nil` (logged) when it cannot be encoded.
    private func encode<Message: WireMessage>(_ envelope: Envelope<Message>) -> String? {
        do {
            return try ProtocolCodec.encode(envelope)
        } catch {
            logger.error("could not encode a frame", metadata: ["type": "\(envelope.message.messageType)", "error": "\(error)"])
            return nil
        }
    }

    /// Queues a binary frame, sent with the event's other frames.
    func queueBinary(_ bytes: [UInt8], to link: PeerLink) {
        outputs.append((link, .binary(bytes)))
    }

    /// Answers a bad frame as the protocol says: an error frame, or a close.
    /// An `error` frame is never answered with one (§7.1), even a malformed one.
    func refuse<Message: WireMessage>(_ error: ProtocolError, on link: PeerLink, replyType: Message.Type) {
        let answers = error.frame?.type != Self.errorType
        switch error.disposition {
        case .errorFrame:
            if answers { queue(Envelope(Message.error(error.report)), to: link) }
        case .close(let code, let reason):
            if answers { queue(Envelope(Message.error(error.report)), to: link) }
            outputs.append((link, .close(code, reason)))
        }
    }

    /// Answers a frame refused before `welcome` (§4): as ``refuse(_:on:replyType:)``
    /// does, and a refusal that would only be an `error` frame after the
    /// handshake closes with 1008 here: with no session open, there is
    /// nothing to keep the connection for.
    func refuseBeforeWelcome<Message: WireMessage>(_ error: ProtocolError, on link: PeerLink, replyType: Message.Type) {
        refuse(error, on: link, replyType: Message.self)
        if case .errorFrame = error.disposition {
            outputs.append((link, .close(.policyViolation, "\(error.code.rawValue) before welcome")))
        }
    }

    /// Answers a well-formed frame other than `hello` or `resume` before
    /// `welcome`: `notAllowed` (none for an `error` frame), then 1008.
    func refuseBeforeWelcome<Message: WireMessage>(_ frame: FrameHeader, on link: PeerLink, replyType: Message.Type) {
        if frame.type != Self.errorType {
            let report = ErrorReport(
                code: .notAllowed, message: "say hello or resume first", refType: frame.type, refSeq: frame.seq)
            queue(Envelope(Message.error(report)), to: link)
        }
        outputs.append((link, .close(.policyViolation, "say hello or resume first")))
    }

    /// The type of the protocol's `error` frame.
    static let errorType = "error"

    /// Sends an error frame with `code`, naming the frame's type when given,
    /// and closes with `close` when given.
    ///
    /// While a received message is handled (``handling``), the error names
    /// it: its type (unless `refType` names another) and its `seq`.
    func reject<Message: WireMessage>(
        _ code: ErrorCode, _ message: String, on link: PeerLink, as type: Message.Type,
        closing close: CloseCode? = nil, refType: String? = nil
    ) {
        let handled = handling.flatMap { refType == nil || refType == $0.type ? $0 : nil }
        let report = ErrorReport(code: code, message: message, refType: refType ?? handled?.type, refSeq: handled?.seq)
        queue(Envelope(Message.error(report)), to: link)
        if let close { outputs.append((link, .close(close, message))) }
    }

    /// The version a handshake's `offered` versions settle for `link`, which
    /// keeps it; without one in common, the peer is refused with 4001.
    func negotiate<Message: WireMessage>(_ offered: [Int], on link: PeerLink, replyType: Message.Type) -> Int? {
        guard let version = ProtocolVersion.negotiate(offered: offered) else {
            reject(
                .unsupportedVersion, "this server speaks protocol versions \(ProtocolVersion.supported)", on: link,
                as: Message.self, closing: .unsupportedVersion)
            return nil
        }
        link.version = version
        return version
    }

    /// Closes a connection after what is queued for it.
    func close(_ link: PeerLink, _ code: CloseCode, reason: String) {
        outputs.append((link, .close(code, reason)))
    }

    /// Records a change of a session's row.
    func markChanged(_ row: SessionRow) {
        changes.sessions.removeAll { $0.id == row.id }
        changes.sessions.append(row)
    }

    /// Records that a request to a consumer now waits for its answer.
    func recordRequest(_ requestID: RequestID, kind: ConsentKind, session id: SessionID) {
        changes.requestsOpened.append((id, requestID, kind))
    }

    /// Records that a request was answered, or with `nil` that all of a
    /// session's requests were dropped.
    func recordRequestClosed(_ requestID: RequestID?, session id: SessionID) {
        changes.requestsClosed.append((id, requestID))
    }

    /// Records that a session's call was accepted and is kept until it ends.
    func recordCallAccepted(_ requestID: RequestID, session id: SessionID) {
        changes.callsAccepted.append((id, requestID))
    }

    /// Records the session's screen share as it is now — started, its
    /// control granted or taken back — or that it ended.
    func recordShare(session id: SessionID) {
        let share = sessions[id]?.share.map {
            KeptShare(requestID: $0.requestID, source: $0.source, controlRequestID: $0.controlRequestID)
        }
        changes.shares.append((id, share))
    }

    /// Records that a session's accepted call ended.
    func recordCallEnded(session id: SessionID) {
        changes.callsEnded.append(id)
    }

    /// Records a chat message to store with this event, and keeps it in its
    /// session's transcript.
    func store(_ chat: StoredChat) {
        changes.chats.append(chat)
        sessions[chat.sessionID]?.transcript.append(chat)
    }

    /// Forgets a stream whose numbering starts again, its stored frames with
    /// it; the stream's new row is written with this event.
    func restartStream(_ id: String) {
        changes.restartedStreams.append(id)
    }

    /// Marks a session's or an agent's channel for saving with this event.
    func markDirty(session id: SessionID) { dirtySessions.insert(id) }
    func markDirty(agent id: String) { dirtyAgents.insert(id) }

    /// Marks a channel whose only change is an acknowledgement from its peer,
    /// saved with the next commit or within ``DeferredAcknowledgements/delay``
    /// (see ``DeferredAcknowledgements`` for why that loses nothing).
    func markAcknowledged(session id: SessionID) { acknowledgements.sessions.insert(id) }
    func markAcknowledged(agent id: String) { acknowledgements.agents.insert(id) }

    // MARK: Committing

    /// Hands everything this event changed, and its frames, to the
    /// ``CommitPipeline``: the frames go to the connections once the changes
    /// are written. If the write fails, nothing is sent and the affected
    /// connections are closed, so no peer is told something that was not kept.
    func finishEvent() {
        guard !retired else {
            changes = StoreChanges()
            outputs = []
            dirtySessions = []
            dirtyAgents = []
            continuations = []
            return
        }
        defer { scheduleContinuations() }
        if dirtySessions.isEmpty, dirtyAgents.isEmpty, changes.isEmpty, outputs.isEmpty {
            if acknowledgements.needsFlushTimer() { startAcknowledgementTimer() }
            return
        }
        let acknowledged = acknowledgements.takeAll()
        dirtySessions.formUnion(acknowledged.sessions)
        dirtyAgents.formUnion(acknowledged.agents)
        for id in dirtySessions {
            guard var session = sessions[id] else { continue }
            collect(channel: session.channel, stream: session.streamRow, persistedThrough: &session.persistedThrough)
            sessions[id] = session
        }
        for id in dirtyAgents {
            guard var agent = agents[id] else { continue }
            collect(channel: agent.channel, stream: agent.streamRow, persistedThrough: &agent.persistedThrough)
            agents[id] = agent
        }
        for (link, output) in outputs {
            if case .close = output { link.expectClose() }
        }
        commits.submit(PendingEvent(changes: changes, outputs: outputs))
        changes = StoreChanges()
        outputs = []
        dirtySessions = []
        dirtyAgents = []
    }

    /// Has `continuation` run as an event of its own once everything
    /// decided up to the end of this event is stored: a large change goes
    /// in parts, and other events take their turn between them.
    func continueOnceStored(_ continuation: EventContinuation) {
        continuations.append(continuation)
    }

    private func scheduleContinuations() {
        guard !continuations.isEmpty else { return }
        let scheduled = continuations
        continuations = []
        Task { [commits] in
            await commits.flushed()
            self.run(scheduled)
        }
    }

    private func run(_ scheduled: [EventContinuation]) {
        for continuation in scheduled {
            switch continuation {
            case .returnSessions(let agentID): returnNextPart(of: agentID)
            }
        }
        finishEvent()
    }

    private func collect<Outbound: WireMessage, Inbound: WireMessage>(
        channel: ReliableChannel<Outbound, Inbound>, stream: StreamRow, persistedThrough: inout Int
    ) {
        changes.streams.append(stream)
        changes.outboxTrims.append((stream.id, channel.peerAcknowledgedSeq))
        for envelope in channel.unacknowledgedMessages where (envelope.seq ?? 0) > persistedThrough {
            guard let seq = envelope.seq, let text = try? ProtocolCodec.encode(envelope) else { continue }
            changes.outboxAppends.append((stream.id, seq, text))
        }
        persistedThrough = max(persistedThrough, channel.lastSentSeq)
    }

    // MARK: Timers

    private func startAcknowledgementTimer() {
        Task { [clock] in
            try? await clock.sleep(for: DeferredAcknowledgements.delay)
            self.flushAcknowledgements()
        }
    }

    private func flushAcknowledgements() {
        let acknowledged = acknowledgements.timerFired()
        dirtySessions.formUnion(acknowledged.sessions)
        dirtyAgents.formUnion(acknowledged.agents)
        finishEvent()
    }

    func startGraceTimer(forSession id: SessionID, generation: Int) {
        let grace = Duration.seconds(settings.gracePeriodSeconds)
        Task { [clock] in
            try? await clock.sleep(for: grace)
            self.graceExpired(session: id, generation: generation)
        }
    }

    func startGraceTimer(forAgent id: String, generation: Int) {
        let grace = Duration.seconds(settings.gracePeriodSeconds)
        Task { [clock] in
            try? await clock.sleep(for: grace)
            self.graceExpired(agent: id, generation: generation)
        }
    }

    private func graceExpired(session id: SessionID, generation: Int) {
        guard let session = sessions[id], session.generation == generation, session.link == nil else { return }
        if session.row.phase != .ended {
            end(session: id, reason: .gracePeriodExpired, text: "The connection was lost for too long.")
        }
        forget(session: id)
        finishEvent()
    }

    private func graceExpired(agent id: String, generation: Int) {
        if let agent = agents[id] {
            guard agent.generation == generation, agent.link == nil else { return }
            agentLeft(agent.account.agent)
        } else if let account = directory.all.first(where: { $0.id == id }) {
            agentLeft(account.agent)
        } else {
            agentLeft(Agent(id: id, name: id))
        }
        finishEvent()
    }
}
