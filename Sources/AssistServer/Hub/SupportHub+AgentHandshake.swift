import AssistCore
import Logging
import Prometheus
import Foundation

extension SupportHub {
    /// The first frame of an agent connection: `hello` with the agent's token
    /// signs in, `resume` reattaches; anything else closes with 1008.
    func agentHandshake(_ frame: InboundFrame, on link: PeerLink) {
        let envelope: Envelope<AgentMessage>
        do {
            envelope = try ProtocolCodec.decode(frame, as: AgentMessage.self)
        } catch {
            refuseBeforeWelcome(error, on: link, replyType: ServerToAgentMessage.self)
            return
        }
        defer { handling = nil }
        switch envelope.message {
        case .hello(let hello):
            handling = envelope.header
            signIn(hello, on: link)
        case .resume(let request):
            handling = envelope.header
            resumeAgent(request, on: link)
        default:
            refuseBeforeWelcome(envelope.header, on: link, replyType: ServerToAgentMessage.self)
        }
    }

    /// A fresh sign-in starts a new stream: the agent's sessions are sent
    /// again, with their transcripts, so a reloaded console is whole.
    private func signIn(_ hello: AgentHello, on link: PeerLink) {
        guard let version = negotiate(hello.versions, on: link, replyType: ServerToAgentMessage.self) else { return }
        guard let account = directory.account(forToken: hello.token) else {
            reject(
                .authenticationFailed, "the agent token is not valid", on: link, as: ServerToAgentMessage.self,
                closing: .authenticationFailed, refType: "hello")
            return
        }
        let resumeToken = Self.newResumeToken()
        var agent = LiveAgent(
            account: account, channel: ServerAgentChannel(), resumeDigest: SecretDigest(of: resumeToken.rawValue),
            persistedThrough: 0)
        if let previous = agents[account.id] {
            if let previousLink = previous.link { close(previousLink, .policyViolation, reason: "signed in elsewhere") }
            agent.generation = previous.generation + 1
        }
        _ = try? agent.channel.replay(after: 0)
        agent.link = link
        agents[account.id] = agent
        cancelDeparture(of: account.id)
        restartStream(agent.streamID)
        markDirty(agent: account.id)
        setLinkState(.agent(account.id), for: link)
        queue(
            Envelope(ServerToAgentMessage.welcome(welcome(for: agent, resumeToken: resumeToken, version: version))),
            to: link)
        for session in sessionsHeld(by: account.id) {
            let hello = session.row.hello
            send(
                .sessionAssigned(
                    SessionAssignment(
                        sessionID: session.id, visitorName: hello.visitorName, destination: session.row.destination,
                        preChat: hello.preChat, entityMapping: hello.entityMapping,
                        correlationID: hello.correlationID, shareScopes: session.consumerShareScopes,
                        screenControl: session.consumerScreenControl, screenVideo: session.consumerScreenVideo)),
                toAgent: account.id)
            resendTranscript(of: session.id, to: account.id)
        }
        refreshQueue()
    }

    private func resumeAgent(_ request: ResumeRequest, on link: PeerLink) {
        guard let version = negotiate(request.versions, on: link, replyType: ServerToAgentMessage.self) else { return }
        guard var agent = liveOrStoredAgent(resumeToken: request.resumeToken, on: link) else {
            reject(
                .resumeRejected, "the agent's place is unknown or its grace period has passed", on: link,
                as: ServerToAgentMessage.self, closing: .resumeRejected, refType: "resume")
            return
        }
        let replay: [Envelope<ServerToAgentMessage>]
        do {
            replay = try agent.channel.replay(after: request.lastReceivedSeq)
        } catch {
            refuse(error, on: link, replyType: ServerToAgentMessage.self)
            return
        }
        if let previous = agent.link, previous != link {
            close(previous, .policyViolation, reason: "replaced by a newer connection")
        }
        agent.link = link
        agent.generation += 1
        agent.lastSnapshot = nil
        agents[agent.id] = agent
        cancelDeparture(of: agent.id)
        markDirty(agent: agent.id)
        setLinkState(.agent(agent.id), for: link)
        metrics.reconnectsResumed.increment()
        queue(
            Envelope(ServerToAgentMessage.welcome(welcome(for: agent, resumeToken: request.resumeToken, version: version))),
            to: link)
        for envelope in replay { queue(envelope, to: link) }
        refreshQueue()
    }

    /// The agent a resume token belongs to: in memory, or — after a restart
    /// or its grace period — rebuilt from the database by
    /// ``prepareHandshake(_:on:)``. Only the token's digest is compared.
    private func liveOrStoredAgent(resumeToken: ResumeToken, on link: PeerLink) -> LiveAgent? {
        let digest = SecretDigest(of: resumeToken.rawValue)
        if let live = agents.values.first(where: { $0.resumeDigest.matches(digest) }) { return live }
        guard case .storedAgent(let stored)? = takeHandshakeLookup(for: link), let stored,
            stored.resumeDigest.matches(digest)
        else { return nil }
        return stored
    }

    /// The `welcome` for `agent`, carrying `resumeToken`: the fresh one of a
    /// sign-in, or the one a resume presented (only its digest is kept).
    private func welcome(for agent: LiveAgent, resumeToken: ResumeToken, version: Int) -> AgentWelcome {
        AgentWelcome(
            agent: agent.account.agent, resumeToken: resumeToken,
            gracePeriodSeconds: settings.gracePeriodSeconds, version: version,
            lastReceivedSeq: agent.channel.lastReceivedSeq, iceServers: settings.iceServers(forVersion: version))
    }

    /// A channel snapshot from a stored stream and its frames.
    static func snapshot<Message: WireMessage>(
        _ row: StreamRow, frames: [String]
    ) throws -> ReliableChannelSnapshot<Message> {
        ReliableChannelSnapshot(
            lastSentSeq: row.lastSentSeq, peerAcknowledgedSeq: row.peerAcknowledgedSeq,
            lastReceivedSeq: row.lastReceivedSeq,
            unacknowledged: try frames.map { try ProtocolCodec.decode(text: $0, as: Message.self) })
    }
}
