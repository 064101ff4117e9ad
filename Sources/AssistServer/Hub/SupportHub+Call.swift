import AssistCore
import Foundation
import Prometheus

/// The call's relay (`docs/protocol.md` §13.3): one call per session, its
/// request and answer sequenced like other consent requests, its signaling
/// passed on only for the accepted call and only while both parties are
/// connected, and its end told to the other party.
extension SupportHub {
    // MARK: Proposing and answering

    /// The agent proposes a call: only on a version-3 connection, to a
    /// consumer whose app negotiated version 3, with no other call in the session.
    func agentRequestsCall(
        _ requestID: RequestID, media: CallMedia, session id: SessionID, agent agentID: String, on link: PeerLink
    ) {
        let type = AgentMessage.requestCall(sessionID: id, requestID: requestID, media: media).messageType
        guard let session = callSession(id, of: agentID, for: type, on: link) else { return }
        guard session.consumerVersion >= ProtocolVersion.call else {
            reject(.notAllowed, "the person's app cannot take calls", on: link, as: ServerToAgentMessage.self, refType: type)
            return
        }
        guard session.call == nil else {
            reject(
                .notAllowed, "another call of this session is proposed or active", on: link,
                as: ServerToAgentMessage.self, refType: type)
            return
        }
        guard session.pendingRequests[requestID] == nil else {
            reject(
                .invalidValue, "request \(requestID.rawValue) is already waiting for an answer", on: link,
                as: ServerToAgentMessage.self, refType: type)
            return
        }
        sessions[id]?.pendingRequests[requestID] = .call
        sessions[id]?.call = LiveCall(requestID: requestID, phase: .proposed)
        recordRequest(requestID, kind: .call, session: id)
        send(.callRequest(requestID: requestID, agentID: agentID, media: media), toSession: id)
        metrics.callsRequested.increment()
        startAnswerTimer(forCall: requestID, session: id)
    }

    /// The consumer answered the proposed call (its `consumerAnswered` is
    /// sent by the caller): accepted, signaling may flow; declined, the
    /// call is over and nothing more is sent about it.
    func callAnswered(_ requestID: RequestID, accepted: Bool, session id: SessionID) {
        guard sessions[id]?.call?.requestID == requestID else { return }
        if accepted {
            sessions[id]?.call?.phase = .accepted
            recordCallAccepted(requestID, session: id)
            metrics.callsAccepted.increment()
            metrics.callsActive.increment()
        } else {
            sessions[id]?.call = nil
            metrics.callsDeclined.increment()
            metrics.callEnded(.declined)
        }
    }

    /// The person asks the agent to call: passed on while an agent works on
    /// the session and no call is proposed or active.
    func consumerAsksForCall(_ media: CallMedia, session id: SessionID, on link: PeerLink) {
        guard let session = sessions[id], session.row.phase == .assigned, let agentID = session.row.agentID else {
            reject(.notAllowed, "no agent has joined", on: link, as: ServerToConsumerMessage.self)
            return
        }
        guard session.call == nil else {
            reject(.notAllowed, "a call is already proposed or active", on: link, as: ServerToConsumerMessage.self)
            return
        }
        send(.callAsked(sessionID: id, media: media), toAgent: agentID)
    }

    // MARK: Signaling

    /// A `callSignal` or `callMediaState` from the agent, for the consumer.
    /// `restart` is the consumer's alone.
    func agentSignals(
        _ relayed: ServerToConsumerMessage, requestID: RequestID, isRestart: Bool, type: String, session id: SessionID,
        agent agentID: String, on link: PeerLink
    ) {
        guard let session = callSession(id, of: agentID, for: type, on: link),
            acceptedCall(session, requestID, on: link, as: ServerToAgentMessage.self, refType: type)
        else { return }
        guard !isRestart else {
            reject(
                .notAllowed, "only the person's app asks for a restart", on: link, as: ServerToAgentMessage.self,
                refType: type)
            return
        }
        guard let consumerLink = session.link, consumerLink.version >= ProtocolVersion.call else { return }
        send(relayed, toSession: id)
        metrics.callSignalsRelayed.increment()
    }

    /// A `callSignal` or `callMediaState` from the consumer, for the agent.
    func consumerSignals(
        _ relayed: ServerToAgentMessage, requestID: RequestID, type: String, session id: SessionID, on link: PeerLink
    ) {
        guard let session = sessions[id],
            acceptedCall(session, requestID, on: link, as: ServerToConsumerMessage.self, refType: type)
        else { return }
        guard let agentID = session.row.agentID, let agentLink = agents[agentID]?.link,
            agentLink.version >= ProtocolVersion.call
        else { return }
        send(relayed, toAgent: agentID)
        metrics.callSignalsRelayed.increment()
    }

    // MARK: Ending

    /// The consumer hung up (or ended a call it had not answered).
    func consumerEndsCall(_ requestID: RequestID, session id: SessionID, on link: PeerLink) {
        guard sessions[id]?.call?.requestID == requestID else {
            reject(
                .unknownRequest, "no call \(requestID.rawValue) is proposed or active", on: link,
                as: ServerToConsumerMessage.self)
            return
        }
        endCall(session: id, reason: .consumerEnded, tellConsumer: false, tellAgent: true)
    }

    /// The agent hung up, or withdrew the call it proposed.
    func agentEndsCall(_ requestID: RequestID, session id: SessionID, agent agentID: String, on link: PeerLink) {
        let type = AgentMessage.callEnd(sessionID: id, requestID: requestID).messageType
        guard let session = callSession(id, of: agentID, for: type, on: link) else { return }
        guard session.call?.requestID == requestID else {
            reject(
                .unknownRequest, "no call \(requestID.rawValue) is proposed or active", on: link,
                as: ServerToAgentMessage.self, refType: type)
            return
        }
        endCall(session: id, reason: .agentEnded, tellConsumer: true, tellAgent: false)
    }

    /// Ends the session's call, if any, telling the parties named: the
    /// proposal's pending request goes, an accepted call stops being kept.
    func endCall(session id: SessionID, reason: CallEndReason, tellConsumer: Bool, tellAgent: Bool) {
        guard let session = sessions[id], let call = session.call else { return }
        sessions[id]?.call = nil
        switch call.phase {
        case .proposed:
            sessions[id]?.pendingRequests[call.requestID] = nil
            recordRequestClosed(call.requestID, session: id)
        case .accepted:
            recordCallEnded(session: id)
            metrics.callsActive.decrement()
        }
        metrics.callEnded(reason)
        if tellConsumer { send(.callEnd(requestID: call.requestID, reason: reason), toSession: id) }
        if tellAgent, let agentID = session.row.agentID {
            send(.callEnd(sessionID: id, requestID: call.requestID, reason: reason), toAgent: agentID)
        }
    }

    /// Restores a session's call after a restart: a proposal from its
    /// pending request (with a fresh answer timer), an accepted call from
    /// `accepted_calls`.
    func restoreCall(session id: SessionID, accepted: RequestID?) {
        guard let session = sessions[id] else { return }
        if let accepted {
            sessions[id]?.call = LiveCall(requestID: accepted, phase: .accepted)
            metrics.callsActive.increment()
        } else if let proposed = session.pendingRequests.first(where: { $0.value == .call })?.key {
            sessions[id]?.call = LiveCall(requestID: proposed, phase: .proposed)
            startAnswerTimer(forCall: proposed, session: id)
        }
    }

    // MARK: Checks and timers

    /// The session a version-3 agent message of `type` names, if the agent
    /// works on it; otherwise the agent is told why not, naming `type`.
    private func callSession(_ id: SessionID, of agentID: String, for type: String, on link: PeerLink) -> LiveSession? {
        guard link.version >= ProtocolVersion.call else {
            reject(
                .notAllowed, "\(type) needs protocol version 3 on this connection", on: link,
                as: ServerToAgentMessage.self, refType: type)
            return nil
        }
        return owned(id, by: agentID, on: link, refType: type)
    }

    /// Whether `requestID` names the session's accepted call; otherwise the
    /// sender is told: `unknownRequest` for another request, `notAllowed`
    /// before the answer.
    private func acceptedCall<Reply: WireMessage>(
        _ session: LiveSession, _ requestID: RequestID, on link: PeerLink, as reply: Reply.Type, refType: String
    ) -> Bool {
        guard let call = session.call, call.requestID == requestID else {
            reject(
                .unknownRequest, "no call \(requestID.rawValue) is proposed or active", on: link, as: Reply.self,
                refType: refType)
            return false
        }
        guard call.phase == .accepted else {
            reject(.notAllowed, "the call has not been accepted", on: link, as: Reply.self, refType: refType)
            return false
        }
        return true
    }

    private func startAnswerTimer(forCall requestID: RequestID, session id: SessionID) {
        Task { [clock] in
            try? await clock.sleep(for: LiveCall.answerTimeout)
            self.answerTimeElapsed(forCall: requestID, session: id)
        }
    }

    private func answerTimeElapsed(forCall requestID: RequestID, session id: SessionID) {
        guard let call = sessions[id]?.call, call.requestID == requestID, call.phase == .proposed else { return }
        endCall(session: id, reason: .unanswered, tellConsumer: true, tellAgent: true)
        finishEvent()
    }
}
