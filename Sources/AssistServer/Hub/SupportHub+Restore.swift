import AssistCore
import Logging
import Prometheus

extension SupportHub {
    /// Loads every session that had not ended when the server stopped, with
    /// its delivery state and the requests waiting for its consumer's
    /// answer, so consumers and agents can resume. Each restored
    /// session gets a full grace period from now; an agent that had sessions
    /// gets one too, after which its sessions go back to the queue. Until it
    /// resumes, such an agent is held offline as its stored stream left it,
    /// so what its consumers send meanwhile waits for it instead of being lost.
    func restore() async throws {
        var agentsWithSessions: Set<String> = []
        let pendingRequests = try await store.pendingRequests()
        let acceptedCalls = try await store.acceptedCalls()
        let runningShares = try await store.runningShares()
        for row in try await store.openSessions() {
            let streamID = StreamRow.consumerStreamID(row.id)
            guard let stored = try await store.stream(id: streamID),
                let channel = ServerConsumerChannel(restoring: try Self.snapshot(stored.row, frames: stored.frames))
            else {
                logger.error("a stored session could not be restored", metadata: ["session": "\(row.id.rawValue)"])
                continue
            }
            var session = LiveSession(
                row: row, channel: channel, resumeDigest: stored.row.resumeDigest,
                persistedThrough: stored.row.lastSentSeq)
            session.pendingRequests = pendingRequests[row.id] ?? [:]
            session.consumerShareScopes = row.hello.shareScopes
            session.consumerScreenControl = row.hello.screenControl
            session.consumerScreenVideo = row.hello.screenVideo
            session.share = runningShares[row.id].map {
                LiveShare(requestID: $0.requestID, source: $0.source, controlRequestID: $0.controlRequestID)
            }
            session.transcript = try await store.transcript(of: row.id)
            for chat in session.transcript {
                _ = session.deduplicators[chat.sender, default: ChatDeduplicator()]
                    .admit(chat.clientMessageID, as: chat.message.id)
            }
            sessions[row.id] = session
            sessionsByResumeDigest[session.resumeDigest] = row.id
            restoreCall(session: row.id, accepted: acceptedCalls[row.id])
            switch row.phase {
            case .queued:
                waiting.append(row.id, destination: row.destination)
            case .escalating:
                if let correlationID = row.hello.correlationID { escalations[correlationID] = row.id }
            case .assigned:
                if let agentID = row.agentID {
                    agentsWithSessions.insert(agentID)
                    assignments.assign(row.id, to: agentID)
                }
            case .ended:
                break
            }
            startGraceTimer(forSession: row.id, generation: 0)
        }
        for agentID in agentsWithSessions {
            if let account = directory.all.first(where: { $0.id == agentID }), let agent = try await storedAgent(account) {
                agents[agentID] = agent
            }
            startGraceTimer(forAgent: agentID, generation: 0)
        }
        for handled in try await store.recentHandleTimes(limit: 200).reversed() {
            estimator.record(handleSeconds: handled.seconds, destination: handled.destination)
        }
        refreshQueue()
        finishEvent()
        logger.info("restored sessions", metadata: ["sessions": "\(sessions.count)", "queued": "\(waiting.count)"])
    }

    /// `account`'s agent as its stored stream left it when the server
    /// stopped: offline, holding what it had not acknowledged; `nil` when it
    /// has no stored stream.
    func storedAgent(_ account: AgentAccount) async throws -> LiveAgent? {
        guard let stored = try await store.stream(id: StreamRow.agentStreamID(account.id)),
            let channel = ServerAgentChannel(restoring: try Self.snapshot(stored.row, frames: stored.frames))
        else { return nil }
        return LiveAgent(
            account: account, channel: channel, resumeDigest: stored.row.resumeDigest,
            persistedThrough: stored.row.lastSentSeq)
    }
}
