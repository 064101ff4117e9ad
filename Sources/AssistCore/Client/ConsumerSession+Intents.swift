import Foundation

extension ConsumerSession {
    /// The person sends `text` (surrounding spaces removed) as message `id`
    /// at `time`. It shows at once as sending and goes out now, or when the
    /// connection is back. Nothing happens for blank text or once the
    /// session is over.
    public mutating func sendChat(_ text: String, id: ClientMessageID, at time: Date) -> [ConsumerSessionEffect] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !phase.isEnded else { return [] }
        let clipped = String(trimmed.prefix(ProtocolLimits.maxChatText))
        transcript.appendOwn(id, text: clipped, at: time)
        return [.publish(.transcriptChanged(transcript))] + send(.chat(clientMessageID: id, text: clipped))
    }

    /// The person starts sending `file` as message `id`: it shows at once as
    /// uploading. Nothing happens once the session is over.
    public mutating func beginFile(_ file: ChatEntry.LocalFile, id: ClientMessageID, at time: Date) -> [ConsumerSessionEffect] {
        guard !phase.isEnded else { return [] }
        transcript.appendOwnFile(id, file, at: time)
        return [.publish(.transcriptChanged(transcript))]
    }

    /// The person's file `id` is uploaded as `attachment`: its message goes
    /// out with `ticket` now, or when the connection is back.
    public mutating func sendFile(
        _ attachment: AttachmentInfo, ticket: AttachmentTicket, id: ClientMessageID
    ) -> [ConsumerSessionEffect] {
        guard !phase.isEnded, transcript.entry(id.rawValue) != nil else { return [] }
        transcript.fileUploaded(id, as: attachment)
        return [.publish(.transcriptChanged(transcript))]
            + send(.chat(clientMessageID: id, text: attachment.name, attachment: ticket))
    }

    /// The file of entry `id` now stands at `state` (progress, saved, refused…).
    public mutating func fileChanged(_ id: String, _ state: ChatFileState) -> [ConsumerSessionEffect] {
        guard transcript.entry(id)?.file != state else { return [] }
        transcript.setFile(id, state)
        return [.publish(.transcriptChanged(transcript))]
    }

    /// The person answered the open request `id`. Ignored when no such
    /// request is open (it was withdrawn or answered already).
    ///
    /// An accepted screen share names what the person shows: `sharing`
    /// defaults to ``SharedSource/appWindow`` for a request of scope
    /// ``ShareScope/window``; for scope ``ShareScope/screen`` it is what the
    /// person picked in the desktop's dialog, and without it the request is
    /// declined.
    public mutating func answer(
        _ id: RequestID, accepted: Bool, sharing: SharedSource? = nil
    ) -> [ConsumerSessionEffect] {
        guard let index = openRequests.firstIndex(where: { $0.id == id }) else { return [] }
        let request = openRequests.remove(at: index)
        switch request.subject {
        case .screenShare(let scope):
            let source = sharing ?? (scope == .window ? .appWindow : nil)
            guard accepted, let source, source.scope == scope else {
                return send(.screenShareAnswer(requestID: id, accepted: false))
            }
            var effects = send(.screenShareAnswer(requestID: id, accepted: true, shared: source)) + stopShare()
            let started = ScreenShare(requestID: id, agent: agents[request.agent.id] ?? request.agent, source: source)
            share = started
            effects.append(.publish(.screenShareStarted(started)))
            return effects
        case .control:
            var effects = send(.controlAnswer(requestID: id, accepted: accepted))
            if accepted, var granted = share {
                granted.controlRequestID = id
                share = granted
                effects.append(.publish(.controlChanged(granted)))
            }
            return effects
        case .push:
            return send(.pushAnswer(requestID: id, accepted: accepted))
        case .call:
            return []  // a call is answered through its CallMachine, never held here
        }
    }

    /// The person stops showing the window: the agent is told, and capture
    /// stops at once. Nothing happens when no share is in progress.
    public mutating func stopSharing() -> [ConsumerSessionEffect] {
        guard let share else { return [] }
        return send(.screenShareEnd(requestID: share.requestID)) + stopShare()
    }

    /// The person takes control back from the agent; the share goes on.
    /// Nothing happens when the agent has no control.
    public mutating func stopControl() -> [ConsumerSessionEffect] {
        guard var current = share, let control = current.controlRequestID else { return [] }
        current.controlRequestID = nil
        share = current
        return send(.controlEnd(requestID: control)) + [.publish(.controlChanged(current))]
    }

    /// The window's content changed in `tiles` (as the frames compare
    /// them): the agent's strokes over a change go, and the agent is told,
    /// unless `keep` (`keepAnnotationsOnChange`).
    public mutating func contentChanged(in tiles: [ChangedTile], keep: Bool) -> [ConsumerSessionEffect] {
        guard var current = share else { return [] }
        let removed = current.annotations.contentChanged(in: tiles, keep: keep)
        guard !removed.isEmpty else { return [] }
        share = current
        return annotationsChanged(dropping: removed, because: .contentChanged)
    }

    /// The person takes the agent's strokes off the window; the agent is told.
    public mutating func clearAnnotations() -> [ConsumerSessionEffect] {
        guard var current = share else { return [] }
        let removed = current.annotations.clear()
        guard !removed.isEmpty else { return [] }
        share = current
        return annotationsChanged(dropping: removed, because: .person)
    }

    /// Shows the share's strokes as they are now and, unless `removed` is
    /// empty, tells the agent which of its strokes went and why.
    mutating func annotationsChanged(
        dropping removed: [AnnotationID], because reason: AnnotationClearReason
    ) -> [ConsumerSessionEffect] {
        guard let share else { return [] }
        var effects: [ConsumerSessionEffect] = [.publish(.annotationsChanged(share))]
        if !removed.isEmpty { effects += send(.annotationsCleared(ids: removed, reason: reason)) }
        return effects
    }

    /// Tells the agent what became of its input event `id`.
    public mutating func reportInput(_ id: RequestID, outcome: InputOutcome) -> [ConsumerSessionEffect] {
        send(.inputResult(inputID: id, outcome: outcome))
    }

    /// Sends a message of the call that the call's ``CallMachine`` asked
    /// for (``CallAction/send(_:)``): sequenced ones are kept until
    /// acknowledged like any other, unsequenced signals go only while
    /// online. Nothing is sent once the session is over, and a message that
    /// is not about a call is refused.
    public mutating func sendCallMessage(_ message: ConsumerMessage) -> [ConsumerSessionEffect] {
        guard !phase.isEnded else { return [] }
        switch message {
        case .callAnswer, .askForCall, .callSignal, .callMediaState, .callEnd:
            return send(message)
        default:
            return []
        }
    }

    /// Sends a step of the negotiation of the video track that carries the
    /// running share `requestID` of a monitor or a window (§13.5); nothing
    /// for a share that ended, or one of the app's window.
    public mutating func sendScreenSignal(_ signal: CallSignal, for requestID: RequestID) -> [ConsumerSessionEffect] {
        guard !phase.isEnded, share?.requestID == requestID, share?.source != .appWindow else { return [] }
        return send(.screenSignal(requestID: requestID, signal: signal))
    }

    /// The person started or stopped typing; sent only while online.
    public mutating func setTyping(_ isTyping: Bool) -> [ConsumerSessionEffect] {
        guard !phase.isEnded else { return [] }
        return send(.typing(isTyping: isTyping))
    }

    /// The person ends support: `leaveQueue` while waiting, `endSession`
    /// once an agent joined. The server confirms with `sessionEnded`.
    public mutating func endSupport() -> [ConsumerSessionEffect] {
        switch phase {
        case .connecting, .waiting:
            return send(.leaveQueue)
        case .withAgent:
            return send(.endSession)
        case .ended:
            return []
        }
    }

    /// The session is over without the server's word: the connection was
    /// given up for good or the session could not be resumed.
    public mutating func endLocally(because error: UserFacingError) -> [ConsumerSessionEffect] {
        end(SupportEnding(reason: nil, error: error))
    }
}
