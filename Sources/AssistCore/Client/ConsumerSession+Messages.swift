import Foundation

extension ConsumerSession {
    /// The name shown for the author of a received message.
    func authorName(of author: ChatAuthor) -> String {
        switch author {
        case .consumer: localized("You")
        case .agent(let id): agentName(id)
        case .system: localized("Support")
        }
    }

    /// Applies a message the channel delivered, once and in order.
    mutating func handle(_ message: ServerToConsumerMessage, at now: Date) -> [ConsumerSessionEffect] {
        guard !phase.isEnded else { return [] }
        switch message {
        case .welcome, .ack:
            return []
        case .queueUpdate(let update):
            switch phase {
            case .connecting, .waiting:
                return moved(to: .waiting(update))
            case .withAgent, .ended:
                return []
            }
        case .agentJoined(let agent):
            agents[agent.id] = agent
            return moved(to: .withAgent(agent)) + [.publish(.agentJoined(agent))]
        case .agentLeft(let agent):
            var effects = withdrawRequests { $0.agent.id == agent.id }
            if share?.agent.id == agent.id { effects += stopShare() }
            if typingAgentName != nil {
                typingAgentName = nil
                effects.append(.publish(.agentTypingChanged(nil)))
            }
            return effects + moved(to: .waiting(nil)) + [.publish(.agentLeft(agent))]
        case .chat(let chat):
            guard transcript.appendReceived(chat, authorName: authorName(of: chat.author)) else { return [] }
            var effects: [ConsumerSessionEffect] = [.publish(.transcriptChanged(transcript))]
            if chat.author != .consumer, let entry = transcript.entry(chat.id.rawValue) {
                effects.append(.publish(.messageArrived(entry)))
                if let attachment = chat.attachment { effects.append(.fetch(entryID: entry.id, attachment: attachment)) }
            }
            if case .agent = chat.author, typingAgentName != nil {
                typingAgentName = nil
                effects.append(.publish(.agentTypingChanged(nil)))
            }
            return effects
        case .typing(let agentID, let isTyping):
            let name = isTyping ? agentName(agentID) : nil
            guard name != typingAgentName else { return [] }
            typingAgentName = name
            return [.publish(.agentTypingChanged(name))]
        case .screenShareRequest(let id, let agentID, let scope):
            guard hello.shareScopes.contains(scope) else {
                return send(.screenShareAnswer(requestID: id, accepted: false))
            }
            return request(ConsentRequest(id: id, agent: agent(agentID), subject: .screenShare(scope)))
        case .controlRequest(let id, let agentID):
            let scope = share?.source.scope ?? .window
            if scope == .screen, !hello.screenControl {
                return send(.controlAnswer(requestID: id, accepted: false))  // control of the screen: not offered (§12.9)
            }
            return request(ConsentRequest(id: id, agent: agent(agentID), subject: .control(scope)))
        case .push(let id, let agentID, let content):
            return request(ConsentRequest(id: id, agent: agent(agentID), subject: .push(content)))
        case .screenShareEnd(let id):
            let stopped = share?.requestID == id ? stopShare() : []
            return withdrawRequests { $0.id == id } + stopped
        case .keyframeRequest:
            return share == nil ? [] : [.publish(.keyframeRequested)]
        case .agentInput(let id, _, let event):
            guard share?.hasControl == true else { return send(.inputResult(inputID: id, outcome: .noControl)) }
            return [.publish(.agentInput(id: id, event: event))]
        case .annotate(_, let stroke):
            guard var current = share else { return [] }
            let dropped = current.annotations.draw(stroke)
            share = current
            return annotationsChanged(dropping: dropped, because: .tooMany)
        case .clearAnnotations:
            guard var current = share, !current.annotations.isEmpty else { return [] }
            _ = current.annotations.clear()
            share = current
            return [.publish(.annotationsChanged(current))]
        case .callRequest, .callSignal, .callMediaState, .callEnd:
            return [.publish(.callMessage(message))]
        case .screenSignal(let id, let signal):
            guard share?.requestID == id, share?.source != .appWindow else { return [] }  // a share that ended
            return [.publish(.screenSignal(requestID: id, signal: signal))]
        case .chatReceipt(let receipt):
            let before = transcript
            transcript.apply(receipt)
            return transcript == before ? [] : [.publish(.transcriptChanged(transcript))]
        case .sessionEnded(let reason, let text):
            return end(SupportEnding(reason: reason, text: text))
        case .error(let report):
            var effects: [ConsumerSessionEffect] = [.publish(.serverReportedProblem(report))]
            // The server knows of no share (it restarted, or the share ended
            // on its side), so capturing stops.
            if report.refType == CobrowseFrameCodec.errorRefType, report.code == .notAllowed { effects += stopShare() }
            return effects
        }
    }

    /// Ends the session on this side or for the server's reason: open
    /// requests close, typing stops, unconfirmed messages fail.
    mutating func end(_ ending: SupportEnding) -> [ConsumerSessionEffect] {
        guard !phase.isEnded else { return [] }
        var effects = withdrawRequests { _ in true } + stopShare()
        if typingAgentName != nil {
            typingAgentName = nil
            effects.append(.publish(.agentTypingChanged(nil)))
        }
        if !transcript.failUnconfirmed().isEmpty {
            effects.append(.publish(.transcriptChanged(transcript)))
        }
        return effects + moved(to: .ended(ending))
    }

    private mutating func moved(to next: SupportPhase) -> [ConsumerSessionEffect] {
        guard next != phase else { return [] }
        phase = next
        return [.publish(.phaseChanged(next))]
    }

    private mutating func request(_ request: ConsentRequest) -> [ConsumerSessionEffect] {
        guard !openRequests.contains(where: { $0.id == request.id }) else { return [] }
        openRequests.append(request)
        return [.publish(.consentRequested(request))]
    }

    /// Forgets the share in progress, if any, and says it ended.
    mutating func stopShare() -> [ConsumerSessionEffect] {
        guard let stopped = share else { return [] }
        share = nil
        return [.publish(.screenShareEnded(stopped.requestID))]
    }

    private mutating func withdrawRequests(where matches: (ConsentRequest) -> Bool) -> [ConsumerSessionEffect] {
        let withdrawn = openRequests.filter(matches)
        openRequests.removeAll(where: matches)
        return withdrawn.map { .publish(.consentWithdrawn($0.id)) }
    }

    private func agent(_ id: String) -> Agent {
        agents[id] ?? Agent(id: id, name: "")
    }

    private func agentName(_ id: String) -> String {
        let name = agents[id]?.name.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return name.isEmpty ? localized("Agent") : name
    }
}
