import AssistCore
import Prometheus

/// The relay of a shared screen's video track (`docs/protocol.md` §13.5):
/// `screenSignal` passed on only for the running share it names, of a
/// monitor or a window, of an app that offers the track, and only while the
/// other party is connected on version 3. The media goes peer to peer.
extension SupportHub {
    /// A `screenSignal` from the agent, for the consumer; `restart` is the
    /// consumer's alone.
    func agentScreenSignal(
        _ signal: CallSignal, requestID: RequestID, session id: SessionID, agent agentID: String, on link: PeerLink
    ) {
        let type = AgentMessage.screenSignal(sessionID: id, requestID: requestID, signal: signal).messageType
        guard link.version >= ProtocolVersion.call else {
            reject(
                .notAllowed, "\(type) needs protocol version 3 on this connection", on: link,
                as: ServerToAgentMessage.self, refType: type)
            return
        }
        guard let session = owned(id, by: agentID, on: link, refType: type),
            videoShare(of: session, requestID, on: link, as: ServerToAgentMessage.self)
        else { return }
        guard signal != .restart else {
            reject(
                .notAllowed, "only the person's app asks for a restart", on: link, as: ServerToAgentMessage.self,
                refType: type)
            return
        }
        guard let consumerLink = session.link, consumerLink.version >= ProtocolVersion.call else { return }
        send(.screenSignal(requestID: requestID, signal: signal), toSession: id)
        metrics.screenSignalsRelayed.increment()
    }

    /// A `screenSignal` from the consumer, for the session's agent.
    func consumerScreenSignal(_ signal: CallSignal, requestID: RequestID, session id: SessionID, on link: PeerLink) {
        guard link.version >= ProtocolVersion.call else {
            reject(
                .notAllowed, "screenSignal needs protocol version 3 on this connection", on: link,
                as: ServerToConsumerMessage.self, refType: "screenSignal")
            return
        }
        guard let session = sessions[id], videoShare(of: session, requestID, on: link, as: ServerToConsumerMessage.self)
        else { return }
        guard let agentID = session.row.agentID, let agentLink = agents[agentID]?.link,
            agentLink.version >= ProtocolVersion.call
        else { return }
        send(.screenSignal(sessionID: id, requestID: requestID, signal: signal), toAgent: agentID)
        metrics.screenSignalsRelayed.increment()
    }

    /// Whether `requestID` names the session's running share of a monitor
    /// or a window, of an app that offers the track; otherwise the sender is
    /// told why not, naming `screenSignal`.
    private func videoShare<Reply: WireMessage>(
        of session: LiveSession, _ requestID: RequestID, on link: PeerLink, as reply: Reply.Type
    ) -> Bool {
        guard let share = session.share, share.requestID == requestID else {
            reject(
                .unknownRequest, "no screen share \(requestID.rawValue) is running", on: link, as: Reply.self,
                refType: "screenSignal")
            return false
        }
        guard share.source != .appWindow, session.consumerScreenVideo else {
            reject(
                .notAllowed,
                share.source == .appWindow
                    ? "the app's own window is shared as pictures, not as a video track"
                    : "the person's app does not send its screen as a video track",
                on: link, as: Reply.self, refType: "screenSignal")
            return false
        }
        return true
    }
}
