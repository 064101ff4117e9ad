import Foundation

extension ConsumerSession {
    /// A session restored from what was kept of it, offline, as it stood:
    /// its next connection resumes with the kept token, and the frames the
    /// server had not acknowledged go again after the `welcome`, with their
    /// `seq`s and client message ids (protocol §6.4, §6.6).
    ///
    /// The app that kept it is gone, and with it its capture and prompts:
    /// requests the person had not answered are declined (as the prompt
    /// does by default) and a share in progress is ended, both sent after
    /// the kept frames.
    ///
    /// - Parameter hello: What this app offers; only its versions are used.
    /// - Throws: ``KeptSessionError`` when the kept channel or transcript
    ///   cannot be restored.
    public init(restoring kept: KeptSession, hello: ConsumerHello) throws(KeptSessionError) {
        self.init(hello: hello)
        channel = try kept.channel.restored()
        var entries: [ChatEntry] = []
        for entry in kept.transcript { entries.append(try entry.restored()) }
        transcript = ChatTranscript(entries: entries)
        welcome = ConsumerWelcome(
            sessionID: kept.sessionID, resumeToken: kept.resumeToken, gracePeriodSeconds: kept.gracePeriodSeconds,
            version: kept.version, lastReceivedSeq: kept.channel.peerAcknowledgedSeq)
        agents = Dictionary(kept.agents.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        switch kept.phase {
        case .waiting: phase = .waiting(nil)
        case .withAgent(let agent): phase = .withAgent(agent)
        }
        for request in kept.openRequests {
            let answer: ConsumerMessage =
                switch request.kind {
                case .screenShare: .screenShareAnswer(requestID: request.id, accepted: false)
                case .control: .controlAnswer(requestID: request.id, accepted: false)
                case .push: .pushAnswer(requestID: request.id, accepted: false)
                }
            _ = send(answer)
        }
        if let shareRequestID = kept.shareRequestID { _ = send(.screenShareEnd(requestID: shareRequestID)) }
    }

    /// What to keep of the session on `server`, or `nil` when there is
    /// nothing to resume: before the first `welcome`, or once it ended.
    ///
    /// - Throws: ``ProtocolError`` when a held frame cannot be encoded.
    public func kept(server: String) throws(ProtocolError) -> KeptSession? {
        guard let welcome, !phase.isEnded else { return nil }
        let keptPhase: KeptPhase
        switch phase {
        case .withAgent(let agent): keptPhase = .withAgent(agent)
        case .connecting, .waiting, .ended: keptPhase = .waiting
        }
        return KeptSession(
            server: server, sessionID: welcome.sessionID, resumeToken: welcome.resumeToken,
            gracePeriodSeconds: welcome.gracePeriodSeconds, version: welcome.version, channel: try KeptChannel(channel.snapshot),
            phase: keptPhase, agents: agents.values.sorted { $0.id < $1.id },
            transcript: transcript.entries.map { KeptChatEntry($0) },
            openRequests: openRequests.compactMap { KeptRequest($0) }, shareRequestID: share?.requestID)
    }
}

extension KeptRequest {
    /// Keeps `request`; `nil` for a call, which its ``CallMachine`` answers.
    init?(_ request: ConsentRequest) {
        switch request.subject {
        case .screenShare: self.init(id: request.id, kind: .screenShare)
        case .control: self.init(id: request.id, kind: .control)
        case .push: self.init(id: request.id, kind: .push)
        case .call: return nil
        }
    }
}
