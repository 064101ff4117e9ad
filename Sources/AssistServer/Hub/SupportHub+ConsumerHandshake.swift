import AssistCore
import Logging
import Prometheus
import Foundation

extension SupportHub {
    /// The first frame of a consumer connection: `hello` opens a session,
    /// `resume` reattaches to one; anything else closes with 1008.
    func consumerHandshake(_ frame: InboundFrame, on link: PeerLink) {
        let envelope: Envelope<ConsumerMessage>
        do {
            envelope = try ProtocolCodec.decode(frame, as: ConsumerMessage.self)
        } catch {
            refuseBeforeWelcome(error, on: link, replyType: ServerToConsumerMessage.self)
            return
        }
        defer { handling = nil }
        switch envelope.message {
        case .hello(let hello):
            handling = envelope.header
            openSession(hello, on: link)
        case .resume(let request):
            handling = envelope.header
            resumeSession(request, on: link)
        default:
            refuseBeforeWelcome(envelope.header, on: link, replyType: ServerToConsumerMessage.self)
        }
    }

    private func openSession(_ hello: ConsumerHello, on link: PeerLink) {
        guard let version = negotiate(hello.versions, on: link, replyType: ServerToConsumerMessage.self) else { return }
        var correlationID = hello.correlationID
        if hello.sessionToken != nil {
            guard case .shortCode(let grant?, let alreadyOpened)? = takeHandshakeLookup(for: link),
                hello.correlationID == nil || hello.correlationID == grant.correlationID
            else {
                reject(
                    .notAllowed, "the session token is unknown or has expired", on: link,
                    as: ServerToConsumerMessage.self, closing: .policyViolation)
                return
            }
            let openedMeanwhile = sessions.values.contains { $0.row.escalationCorrelationID == grant.correlationID }
            guard !alreadyOpened, !openedMeanwhile else {
                reject(
                    .notAllowed, "this session token has already opened a session", on: link,
                    as: ServerToConsumerMessage.self, closing: .policyViolation)
                return
            }
            correlationID = grant.correlationID
        }
        let escalating = hello.sessionToken != nil
        var recorded = hello
        recorded.correlationID = correlationID
        recorded.destination = hello.destination ?? Self.escalationDestination
        recorded.sessionToken = nil
        let row = SessionRow(
            id: SessionID(UUID().uuidString), destination: hello.destination ?? Self.escalationDestination,
            hello: recorded, phase: escalating ? .escalating : .queued, agentID: nil, createdAt: currentDate,
            escalationCorrelationID: escalating ? correlationID : nil)
        let resumeToken = Self.newResumeToken()
        var session = LiveSession(
            row: row, channel: ServerConsumerChannel(), resumeDigest: SecretDigest(of: resumeToken.rawValue),
            persistedThrough: 0)
        _ = try? session.channel.replay(after: 0)
        session.link = link
        session.consumerVersion = version
        session.consumerShareScopes = hello.shareScopes
        session.consumerScreenControl = hello.screenControl
        session.consumerScreenVideo = hello.screenVideo
        sessions[row.id] = session
        sessionsByResumeDigest[session.resumeDigest] = row.id
        markChanged(row)
        markDirty(session: row.id)
        setLinkState(.consumer(row.id), for: link)
        queue(
            Envelope(ServerToConsumerMessage.welcome(welcome(for: session, resumeToken: resumeToken, version: version))),
            to: link)
        if escalating, let correlationID {
            escalations[correlationID] = row.id
            escalationsToAnnounce.insert(row.id)
            if let agentID = pendingEscalations.removeValue(forKey: correlationID) {
                assign(session: row.id, to: agentID)
            }
        } else {
            waiting.append(row.id, destination: row.destination)
        }
        refreshQueue()
    }

    private func resumeSession(_ request: ResumeRequest, on link: PeerLink) {
        guard let version = negotiate(request.versions, on: link, replyType: ServerToConsumerMessage.self) else { return }
        guard let id = sessionsByResumeDigest[SecretDigest(of: request.resumeToken.rawValue)], var session = sessions[id]
        else {
            reject(
                .resumeRejected, "the session is unknown or its grace period has passed", on: link,
                as: ServerToConsumerMessage.self, closing: .resumeRejected, refType: "resume")
            return
        }
        let replay: [Envelope<ServerToConsumerMessage>]
        do {
            replay = try session.channel.replay(after: request.lastReceivedSeq)
        } catch {
            refuse(error, on: link, replyType: ServerToConsumerMessage.self)
            return
        }
        if let previous = session.link, previous != link {
            close(previous, .policyViolation, reason: "replaced by a newer connection")
        }
        session.link = link
        session.consumerVersion = version
        session.consumerShareScopes = request.shareScopes
        session.consumerScreenControl = request.screenControl
        session.consumerScreenVideo = request.screenVideo
        session.generation += 1
        session.lastQueueUpdate = nil
        sessions[session.id] = session
        reannounceQueue(to: session.id)
        markDirty(session: session.id)
        setLinkState(.consumer(session.id), for: link)
        metrics.reconnectsResumed.increment()
        queue(
            Envelope(
                ServerToConsumerMessage.welcome(welcome(for: session, resumeToken: request.resumeToken, version: version))),
            to: link)
        for envelope in replay { queue(envelope, to: link) }
        if session.row.phase == .ended {
            close(link, .normal, reason: "the session has ended")
        } else {
            refreshQueue()
        }
    }

    /// The `welcome` for `session`, carrying `resumeToken`: the fresh one
    /// of a new session, or the one a resume presented (the server keeps
    /// only its digest, so it hands back what the consumer proved it holds).
    private func welcome(for session: LiveSession, resumeToken: ResumeToken, version: Int) -> ConsumerWelcome {
        ConsumerWelcome(
            sessionID: session.id, resumeToken: resumeToken,
            gracePeriodSeconds: settings.gracePeriodSeconds, version: version,
            lastReceivedSeq: session.channel.lastReceivedSeq, iceServers: settings.iceServers(forVersion: version))
    }

    /// The destination recorded for a session joined by short code, which
    /// names no destination of its own.
    static let escalationDestination = "escalation"

    /// A fresh resume token: 256 random bits from the system's CSPRNG.
    static func newResumeToken() -> ResumeToken {
        ResumeToken(RandomSecret.fresh())
    }
}
