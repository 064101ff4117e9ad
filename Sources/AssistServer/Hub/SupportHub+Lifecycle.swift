import AssistCore
import Logging
import Prometheus
import Foundation

extension SupportHub {
    /// Gives a session to an agent: the consumer is told who joined, and the
    /// agent gets the session with everything said so far.
    func assign(session id: SessionID, to agentID: String) {
        guard var session = sessions[id], let agent = agents[agentID], session.row.phase != .ended else { return }
        session.row.phase = .assigned
        session.row.agentID = agentID
        session.row.assignedAt = currentDate
        sessions[id] = session
        waiting.remove(id)
        assignments.assign(id, to: agentID)
        escalationsToAnnounce.remove(id)
        if let correlationID = session.row.hello.correlationID { escalations[correlationID] = nil }
        markChanged(session.row)
        let hello = session.row.hello
        send(
            .sessionAssigned(
                SessionAssignment(
                    sessionID: id, visitorName: hello.visitorName, destination: session.row.destination,
                    preChat: hello.preChat, entityMapping: hello.entityMapping, correlationID: hello.correlationID,
                    shareScopes: session.consumerShareScopes, screenControl: session.consumerScreenControl,
                    screenVideo: session.consumerScreenVideo)),
            toAgent: agentID)
        send(.agentJoined(agent.account.agent), toSession: id)
        catchUp(agent: agentID, on: id)
        refreshQueue()
    }

    /// Sends an agent the session's transcript so far, and tells the
    /// consumer that what it wrote while waiting has now reached an agent.
    private func catchUp(agent agentID: String, on id: SessionID) {
        for chat in resendTranscript(of: id, to: agentID) where chat.message.author == .consumer {
            send(
                .chatReceipt(
                    ChatReceipt(clientMessageID: chat.clientMessageID, messageID: chat.message.id, status: .delivered)),
                toSession: id)
        }
    }

    /// Sends an agent every chat message of a session, oldest first, and
    /// returns them.
    @discardableResult
    func resendTranscript(of id: SessionID, to agentID: String) -> [StoredChat] {
        let transcript = sessions[id]?.transcript ?? []
        for chat in transcript {
            send(.chat(sessionID: id, message: chat.message), toAgent: agentID)
        }
        return transcript
    }

    /// Ends a session: both sides are told why, the record is kept, and its
    /// handle time feeds the wait estimate.
    func end(session id: SessionID, reason: SessionEndReason, text: String?) {
        guard sessions[id]?.row.phase != .ended else { return }
        endCall(session: id, reason: .sessionEnded, tellConsumer: true, tellAgent: true)
        guard var session = sessions[id] else { return }
        let endedAt = currentDate
        if let assignedAt = session.row.assignedAt {
            estimator.record(
                handleSeconds: endedAt.timeIntervalSince(assignedAt), destination: session.row.destination)
        }
        session.row.phase = .ended
        session.row.endedAt = endedAt
        session.row.endReason = reason
        sessions[id] = session
        dropConsents(ofSession: id)
        waiting.remove(id)
        assignments.release(id)
        escalationsToAnnounce.remove(id)
        if let correlationID = session.row.hello.correlationID { escalations[correlationID] = nil }
        markChanged(session.row)
        metrics.sessionsEnded.increment()
        send(.sessionEnded(reason: reason, text: text), toSession: id)
        if let link = session.link { close(link, .normal, reason: "the session has ended") }
        if let agentID = session.row.agentID {
            send(.sessionEnded(sessionID: id, reason: reason, text: text), toAgent: agentID)
        }
        refreshQueue()
    }

    /// Forgets what the session's consumer consented to for its agent —
    /// requests waiting for an answer, a running share — and records that
    /// with this event.
    func dropConsents(ofSession id: SessionID) {
        sessions[id]?.pendingRequests = [:]
        sessions[id]?.share = nil
        recordShare(session: id)
        recordRequestClosed(nil, session: id)
    }

    /// The sessions an agent is working on, oldest first.
    func sessionsHeld(by agentID: String) -> [LiveSession] {
        assignments.sessions(of: agentID).compactMap { sessions[$0] }
            .filter { $0.row.phase == .assigned && $0.row.agentID == agentID }
            .sorted { $0.row.createdAt < $1.row.createdAt }
    }

    /// How many sessions an agent is working on.
    func load(of agentID: String) -> Int {
        assignments.load(of: agentID)
    }

    /// Drops an ended session from memory, once nobody can resume it.
    func forget(session id: SessionID) {
        guard let session = sessions.removeValue(forKey: id) else { return }
        sessionsByResumeDigest[session.resumeDigest] = nil
        waiting.remove(id)
        assignments.release(id)
        escalationsToAnnounce.remove(id)
    }
}
