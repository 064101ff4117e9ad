import AssistCore
import Logging
import Prometheus
import Foundation

extension SupportHub {
    /// A frame from a signed-in agent, with what a cluster node masked in it
    /// before forwarding it. Its channel is changed in place, not through a
    /// copy (see ``send(_:toSession:)``).
    func agentFrame(
        _ frame: InboundFrame, agent id: String, on link: PeerLink, maskedBefore: [SensitiveDataKind]
    ) -> FrameCost {
        guard let receivedBefore = agents[id]?.channel.lastReceivedSeq,
            let acknowledgedBefore = agents[id]?.channel.peerAcknowledgedSeq
        else { return .counted }
        let received: ReceiveAction<AgentMessage>?
        var header: FrameHeader?
        do {
            let envelope = try ProtocolCodec.decode(frame, as: AgentMessage.self)
            header = envelope.header
            received = agents[id]?.channel.receive(envelope)
        } catch {
            received = agents[id]?.channel.receive(rejected: error)
        }
        guard let action = received else { return .counted }
        if case .deliver(.ack) = action, let channel = agents[id]?.channel, channel.lastReceivedSeq == receivedBefore {
            markAcknowledged(agent: id)
            return FrameCost(acknowledgedBefore: acknowledgedBefore, acknowledgedNow: channel.peerAcknowledgedSeq)
        }
        markDirty(agent: id)
        switch action {
        case .deliver(.redeemShortCode(let code)):
            redeemShortCode(code, frame: header, agent: id, on: link)
        case .deliver(let message):
            handling = header
            handle(message, fromAgent: id, on: link, maskedBefore: maskedBefore)
            handling = nil
        case .drop:
            break
        case .reject(let error):
            refuse(error, on: link, replyType: ServerToAgentMessage.self)
        }
        if let acknowledgement = agents[id]?.channel.acknowledgementFrame() {
            queue(acknowledgement, to: link)
        }
        return .counted
    }

    private func handle(
        _ message: AgentMessage, fromAgent agentID: String, on link: PeerLink, maskedBefore: [SensitiveDataKind]
    ) {
        switch message {
        case .hello, .resume:
            reject(.notAllowed, "already signed in", on: link, as: ServerToAgentMessage.self, refType: message.messageType)
        case .ack, .error, .redeemShortCode:
            break
        case .acceptNext:
            acceptNext(agentID, on: link)
        case .acceptSession(let sessionID):
            accept(sessionID, agentID, on: link)
        case .chat(let sessionID, let clientMessageID, let text, let ticket):
            guard owned(sessionID, by: agentID, on: link, refType: message.messageType) != nil else { return }
            var attachment: AttachmentInfo?
            if let ticket {
                attachment = attachmentTickets.file(
                    ticket, session: sessionID, uploader: StoredChat.sender(of: .agent(id: agentID)))
                guard attachment != nil else {
                    reject(
                        .invalidValue, "attachmentTicket is not a ticket of a file you sent in this session", on: link,
                        as: ServerToAgentMessage.self, refType: message.messageType)
                    return
                }
            }
            agentChat(
                clientMessageID, text: text, attachment: attachment, maskedBefore: maskedBefore, session: sessionID,
                agent: agentID)
        case .typing(let sessionID, let isTyping):
            guard owned(sessionID, by: agentID, on: link, refType: message.messageType) != nil else { return }
            send(.typing(agentID: agentID, isTyping: isTyping), toSession: sessionID)
        case .requestScreenShare(let sessionID, let requestID, let scope):
            guard consumerOffers(scope, session: sessionID, agent: agentID, on: link) else { return }
            request(.screenShare, requestID, session: sessionID, agent: agentID, on: link) {
                .screenShareRequest(requestID: requestID, agentID: agentID, scope: scope)
            }
        case .requestControl(let sessionID, let requestID):
            guard controlOffered(session: sessionID, agent: agentID, on: link) else { return }
            request(.control, requestID, session: sessionID, agent: agentID, on: link) {
                .controlRequest(requestID: requestID, agentID: agentID)
            }
        case .push(let sessionID, let requestID, let content):
            request(.push, requestID, session: sessionID, agent: agentID, on: link) {
                .push(requestID: requestID, agentID: agentID, content: content)
            }
        case .screenShareEnd(let sessionID, let requestID):
            guard owned(sessionID, by: agentID, on: link, refType: message.messageType) != nil else { return }
            shareStopped(requestID, session: sessionID)
            send(.screenShareEnd(requestID: requestID), toSession: sessionID)
        case .requestKeyframe(let sessionID):
            agentRequestedKeyframe(session: sessionID, agent: agentID, on: link)
        case .input(let sessionID, let inputID, let event):
            agentInput(event, inputID, session: sessionID, agent: agentID, on: link)
        case .annotate(let sessionID, let stroke):
            agentAnnotates(
                .annotate(agentID: agentID, stroke: stroke), type: message.messageType, session: sessionID, agent: agentID,
                on: link)
        case .clearAnnotations(let sessionID):
            agentAnnotates(
                .clearAnnotations(agentID: agentID), type: message.messageType, session: sessionID, agent: agentID,
                on: link)
        case .requestCall(let sessionID, let requestID, let media):
            agentRequestsCall(requestID, media: media, session: sessionID, agent: agentID, on: link)
        case .callSignal(let sessionID, let requestID, let signal):
            agentSignals(
                .callSignal(requestID: requestID, signal: signal), requestID: requestID, isRestart: signal == .restart,
                type: message.messageType, session: sessionID, agent: agentID, on: link)
        case .screenSignal(let sessionID, let requestID, let signal):
            agentScreenSignal(signal, requestID: requestID, session: sessionID, agent: agentID, on: link)
        case .callMediaState(let sessionID, let requestID, let state):
            agentSignals(
                .callMediaState(requestID: requestID, state: state), requestID: requestID, isRestart: false,
                type: message.messageType, session: sessionID, agent: agentID, on: link)
        case .callEnd(let sessionID, let requestID):
            agentEndsCall(requestID, session: sessionID, agent: agentID, on: link)
        case .endSession(let sessionID, let text):
            guard owned(sessionID, by: agentID, on: link, refType: message.messageType) != nil else { return }
            end(session: sessionID, reason: .agentEnded, text: text)
        }
    }

    private func acceptNext(_ agentID: String, on link: PeerLink) {
        guard let agent = agents[agentID], hasRoom(agent, on: link) else { return }
        guard let next = waiting.first(where: { agent.account.serves($0) }) else {
            reject(.queueEmpty, "nobody is waiting for you", on: link, as: ServerToAgentMessage.self, refType: "acceptNext")
            return
        }
        assign(session: next, to: agentID)
    }

    private func accept(_ sessionID: SessionID, _ agentID: String, on link: PeerLink) {
        guard let agent = agents[agentID], let session = sessions[sessionID], session.row.phase == .queued else {
            reject(
                .unknownSession, "session \(sessionID.rawValue) is not waiting", on: link, as: ServerToAgentMessage.self,
                refType: "acceptSession")
            return
        }
        guard agent.account.serves(session.row.destination) else {
            reject(
                .notAllowed, "you do not serve \(session.row.destination)", on: link, as: ServerToAgentMessage.self,
                refType: "acceptSession")
            return
        }
        guard hasRoom(agent, on: link) else { return }
        assign(session: sessionID, to: agentID)
    }

    /// Whether the agent may take one more session; says why not otherwise.
    func hasRoom(_ agent: LiveAgent, on link: PeerLink) -> Bool {
        let current = load(of: agent.id)
        guard current < agent.account.capacity else {
            reject(
                .notAllowed, "you already have \(current) of \(agent.account.capacity) sessions", on: link,
                as: ServerToAgentMessage.self)
            return false
        }
        return true
    }

    /// The session, if this agent is working on it; otherwise says why not,
    /// naming the refused message's type when `refType` is given.
    func owned(_ sessionID: SessionID, by agentID: String, on link: PeerLink, refType: String? = nil) -> LiveSession? {
        guard let session = sessions[sessionID], session.row.phase == .assigned,
            session.row.agentID == agentID
        else {
            reject(
                .unknownSession, "session \(sessionID.rawValue) is not one of yours", on: link,
                as: ServerToAgentMessage.self, refType: refType)
            return nil
        }
        return session
    }

    /// An agent's chat message: masked (§11.7), stored, relayed to the
    /// consumer, and answered with a receipt that says what was masked.
    private func agentChat(
        _ clientMessageID: ClientMessageID, text: String, attachment: AttachmentInfo?,
        maskedBefore: [SensitiveDataKind], session id: SessionID,
        agent agentID: String
    ) {
        let sender = StoredChat.sender(of: .agent(id: agentID))
        let candidate = ServerMessageID(UUID().uuidString)
        guard
            let admission = sessions[id]?.deduplicators[sender, default: ChatDeduplicator()]
                .admit(clientMessageID, as: candidate)
        else { return }
        let masked = maskedChat(text, maskedBefore: maskedBefore)
        switch admission {
        case .duplicate(let existing):
            send(
                .chatReceipt(
                    sessionID: id,
                    receipt: ChatReceipt(
                        clientMessageID: clientMessageID, messageID: existing, status: .delivered, masked: masked)),
                toAgent: agentID)
        case .accepted:
            let message = ChatMessage(
                id: candidate, author: .agent(id: agentID), text: masked.text, sentAt: currentDate, attachment: attachment)
            store(StoredChat(sessionID: id, clientMessageID: clientMessageID, message: message))
            if masked.didMask { metrics.messagesMasked.increment() }
            send(.chat(message), toSession: id)
            metrics.messagesRelayed.increment()
            send(
                .chatReceipt(
                    sessionID: id,
                    receipt: ChatReceipt(
                        clientMessageID: clientMessageID, messageID: candidate, status: .delivered, masked: masked)),
                toAgent: agentID)
        }
    }

    /// Whether the person's app offers to show `scope` on its newest
    /// connection (§12.8) — the screen only on a connection that can carry
    /// its pictures (version 2) — otherwise the agent is told with `notAllowed`.
    private func consumerOffers(_ scope: ShareScope, session sessionID: SessionID, agent agentID: String, on link: PeerLink)
        -> Bool
    {
        guard let session = owned(sessionID, by: agentID, on: link, refType: "requestScreenShare") else { return false }
        let canCarry = scope == .window || session.consumerVersion >= ProtocolVersion.cobrowse
        guard session.consumerShareScopes.contains(scope), canCarry else {
            let refusal =
                scope == .screen
                ? "the person's app does not offer to share the screen" : "the person's app does not offer to share its window"
            reject(.notAllowed, refusal, on: link, as: ServerToAgentMessage.self, refType: "requestScreenShare")
            return false
        }
        return true
    }

    /// Whether control may be asked for now: during a share of a monitor
    /// or another window only when the person's app offers control of the
    /// screen (§12.9); otherwise the agent may only see it (§12.8).
    private func controlOffered(session sessionID: SessionID, agent agentID: String, on link: PeerLink) -> Bool {
        guard let session = owned(sessionID, by: agentID, on: link, refType: "requestControl") else { return false }
        guard let share = session.share, share.source != .appWindow, !session.consumerScreenControl else { return true }
        reject(
            .notAllowed, "the person's app does not offer control of the screen or window it shares", on: link,
            as: ServerToAgentMessage.self, refType: "requestControl")
        return false
    }

    private func request(
        _ kind: ConsentKind, _ requestID: RequestID, session sessionID: SessionID, agent agentID: String,
        on link: PeerLink, message: () -> ServerToConsumerMessage
    ) {
        guard var session = owned(sessionID, by: agentID, on: link) else { return }
        guard session.pendingRequests[requestID] == nil else {
            reject(
                .invalidValue, "request \(requestID.rawValue) is already waiting for an answer", on: link,
                as: ServerToAgentMessage.self)
            return
        }
        session.pendingRequests[requestID] = kind
        sessions[sessionID] = session
        recordRequest(requestID, kind: kind, session: sessionID)
        send(message(), toSession: sessionID)
    }
}
