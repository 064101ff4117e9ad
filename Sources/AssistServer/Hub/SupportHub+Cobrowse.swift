import AssistCore
import Foundation
import Prometheus

extension SupportHub {
    /// The consumer accepted a screen share: frames from its app may flow.
    func shareStarted(_ requestID: RequestID, source: SharedSource, session id: SessionID) {
        sessions[id]?.share = LiveShare(requestID: requestID, source: source)
        recordShare(session: id)
    }

    /// Either side stopped the share `requestID`.
    func shareStopped(_ requestID: RequestID, session id: SessionID) {
        guard sessions[id]?.share?.requestID == requestID else { return }
        sessions[id]?.share = nil
        recordShare(session: id)
    }

    /// An app frame from a consumer that negotiated co-browse: checked, then
    /// relayed to the session's agent (§12.3). Nothing of it is kept.
    func cobrowseFrame(_ data: Data, session id: SessionID, on link: PeerLink) {
        guard var session = sessions[id], var share = session.share, session.row.phase == .assigned else {
            reject(
                .notAllowed, "no screen share is active", on: link, as: ServerToConsumerMessage.self,
                refType: CobrowseFrameCodec.errorRefType)
            return
        }
        let bytes = [UInt8](data)
        let frame: CobrowseFrame
        do {
            frame = try CobrowseFrameCodec.decode(bytes)
        } catch {
            reject(
                .invalidFrame, error.description, on: link, as: ServerToConsumerMessage.self,
                refType: CobrowseFrameCodec.errorRefType)
            return
        }
        defer {
            session.share = share
            sessions[id] = session
        }
        guard let agentID = session.row.agentID, let agentLink = agents[agentID]?.link,
            agentLink.version >= ProtocolVersion.cobrowse
        else { return }
        guard frame.isKeyframe || share.keyframeLink == agentLink.id else {
            askForKeyframe(&share, session: id)
            return
        }
        guard agentLink.hasRoomForBinaryFrame else {
            share.keyframeLink = nil
            askForKeyframe(&share, session: id)
            return
        }
        queueBinary(CobrowseFrameCodec.relay(bytes, session: id), to: agentLink)
        metrics.framesRelayed.increment()
        metrics.frameBytesRelayed.increment(by: Int64(bytes.count))
        if frame.isKeyframe {
            share.keyframeLink = agentLink.id
            share.keyframeAsked = false
        }
    }

    /// The agent asks for a whole picture of a session it works on. Errors
    /// name `requestKeyframe`, so a console can tell a request that crossed
    /// the end of a share from a problem worth showing.
    func agentRequestedKeyframe(session id: SessionID, agent agentID: String, on link: PeerLink) {
        let type = AgentMessage.requestKeyframe(sessionID: id).messageType
        guard var share = activeShare(id, of: agentID, for: type, on: link) else { return }
        share.keyframeAsked = false
        askForKeyframe(&share, session: id)
        sessions[id]?.share = share
    }

    /// The consumer accepted a control request: while the share lasts, the
    /// agent's input events go to the app.
    func controlGranted(_ requestID: RequestID, session id: SessionID) {
        sessions[id]?.share?.controlRequestID = requestID
        recordShare(session: id)
    }

    /// The consumer took control back; the agent is told, the share goes on.
    func controlEnded(_ requestID: RequestID, session id: SessionID) {
        guard let session = sessions[id], session.share?.controlRequestID == requestID else { return }
        sessions[id]?.share?.controlRequestID = nil
        recordShare(session: id)
        if let agentID = session.row.agentID { send(.controlEnd(sessionID: id, requestID: requestID), toAgent: agentID) }
    }

    /// An input event from the agent, passed to the app only while the agent
    /// holds control of an active share; the app decides what it does.
    func agentInput(_ event: InputEvent, _ inputID: RequestID, session id: SessionID, agent agentID: String, on link: PeerLink) {
        let type = AgentMessage.input(sessionID: id, inputID: inputID, event: event).messageType
        guard let session = cobrowseSession(id, of: agentID, for: type, on: link) else { return }
        guard session.share?.controlRequestID != nil else {
            reject(
                .notAllowed, "you do not control this session's window", on: link, as: ServerToAgentMessage.self,
                refType: type)
            return
        }
        send(.agentInput(inputID: inputID, agentID: agentID, event: event), toSession: id)
    }

    /// A stroke, or clearing the strokes, from the agent: passed to the app
    /// only during an active share of a session the agent works on (§12.7).
    /// Errors name the agent's message `type`.
    func agentAnnotates(
        _ forwarded: ServerToConsumerMessage, type: String, session id: SessionID, agent agentID: String,
        on link: PeerLink
    ) {
        guard let share = activeShare(id, of: agentID, for: type, on: link) else { return }
        guard share.source == .appWindow else {
            reject(
                .notAllowed, "drawing is offered only on the app's own window, not on a shared screen", on: link,
                as: ServerToAgentMessage.self, refType: type)
            return
        }
        send(forwarded, toSession: id)
    }

    /// The active share of a session the agent works on, for a version-2
    /// message of `type`; otherwise the agent is told why not, naming `type`.
    private func activeShare(_ id: SessionID, of agentID: String, for type: String, on link: PeerLink) -> LiveShare? {
        guard let session = cobrowseSession(id, of: agentID, for: type, on: link) else { return nil }
        guard let share = session.share else {
            reject(
                .notAllowed, "no screen share is active in this session", on: link, as: ServerToAgentMessage.self,
                refType: type)
            return nil
        }
        return share
    }

    /// The session a version-2 agent message of `type` names, if the agent
    /// works on it; otherwise the agent is told why not, naming `type`.
    private func cobrowseSession(
        _ id: SessionID, of agentID: String, for type: String, on link: PeerLink
    ) -> LiveSession? {
        guard link.version >= ProtocolVersion.cobrowse else {
            reject(
                .notAllowed, "\(type) needs protocol version 2 on this connection", on: link,
                as: ServerToAgentMessage.self, refType: type)
            return nil
        }
        return owned(id, by: agentID, on: link, refType: type)
    }

    private func askForKeyframe(_ share: inout LiveShare, session id: SessionID) {
        guard !share.keyframeAsked else { return }
        share.keyframeAsked = true
        send(.keyframeRequest, toSession: id)
    }
}
