import AssistCore
import Logging
import Prometheus
import Foundation

extension SupportHub {
    /// A frame from a consumer whose session is open, with what a cluster
    /// node masked in it before forwarding it. Its channel is changed in
    /// place, not through a copy of the session (see ``send(_:toSession:)``).
    func consumerFrame(
        _ frame: InboundFrame, session id: SessionID, on link: PeerLink, maskedBefore: [SensitiveDataKind]
    ) -> FrameCost {
        guard let receivedBefore = sessions[id]?.channel.lastReceivedSeq,
            let acknowledgedBefore = sessions[id]?.channel.peerAcknowledgedSeq
        else { return .counted }
        let received: ReceiveAction<ConsumerMessage>?
        var header: FrameHeader?
        do {
            let envelope = try ProtocolCodec.decode(frame, as: ConsumerMessage.self)
            header = envelope.header
            received = sessions[id]?.channel.receive(envelope)
        } catch {
            received = sessions[id]?.channel.receive(rejected: error)
        }
        guard let action = received else { return .counted }
        if case .deliver(.ack) = action, let channel = sessions[id]?.channel, channel.lastReceivedSeq == receivedBefore {
            markAcknowledged(session: id)
            return FrameCost(acknowledgedBefore: acknowledgedBefore, acknowledgedNow: channel.peerAcknowledgedSeq)
        }
        markDirty(session: id)
        switch action {
        case .deliver(let message):
            handling = header
            handle(message, fromSession: id, on: link, maskedBefore: maskedBefore)
            handling = nil
        case .drop:
            break
        case .reject(let error):
            refuse(error, on: link, replyType: ServerToConsumerMessage.self)
        }
        if let acknowledgement = sessions[id]?.channel.acknowledgementFrame() {
            queue(acknowledgement, to: link)
        }
        return .counted
    }

    private func handle(
        _ message: ConsumerMessage, fromSession id: SessionID, on link: PeerLink, maskedBefore: [SensitiveDataKind]
    ) {
        guard let row = sessions[id]?.row else { return }
        guard row.phase != .ended else {
            if message.isSequenced {
                reject(.notAllowed, "the session has ended", on: link, as: ServerToConsumerMessage.self)
            }
            return
        }
        switch message {
        case .hello, .resume:
            reject(
                .notAllowed, "the session is already open", on: link, as: ServerToConsumerMessage.self,
                refType: message.messageType)
        case .ack, .error:
            break
        case .chat(let clientMessageID, let text, let ticket):
            var attachment: AttachmentInfo?
            if let ticket {
                attachment = attachmentTickets.file(ticket, session: id, uploader: StoredChat.sender(of: .consumer))
                guard attachment != nil else {
                    reject(
                        .invalidValue, "attachmentTicket is not a ticket of a file you sent in this session", on: link,
                        as: ServerToConsumerMessage.self, refType: message.messageType)
                    return
                }
            }
            consumerChat(clientMessageID, text: text, attachment: attachment, maskedBefore: maskedBefore, session: id)
        case .typing(let isTyping):
            if let agentID = row.agentID { send(.typing(sessionID: id, isTyping: isTyping), toAgent: agentID) }
        case .screenShareAnswer(let requestID, let accepted, let shared):
            answer(requestID, kind: .screenShare, accepted: accepted, shared: shared, session: id, on: link)
        case .controlAnswer(let requestID, let accepted):
            answer(requestID, kind: .control, accepted: accepted, session: id, on: link)
        case .pushAnswer(let requestID, let accepted):
            answer(requestID, kind: .push, accepted: accepted, session: id, on: link)
        case .screenShareEnd(let requestID):
            shareStopped(requestID, session: id)
            if let agentID = row.agentID {
                send(.screenShareEnd(sessionID: id, requestID: requestID), toAgent: agentID)
            }
        case .controlEnd(let requestID):
            controlEnded(requestID, session: id)
        case .annotationsCleared(let ids, let reason):
            if sessions[id]?.share != nil, let agentID = row.agentID {
                send(.annotationsCleared(sessionID: id, ids: ids, reason: reason), toAgent: agentID)
            }
        case .inputResult(let inputID, let outcome):
            if let agentID = row.agentID {
                send(.inputResult(sessionID: id, inputID: inputID, outcome: outcome), toAgent: agentID)
            }
        case .askForCall(let media):
            consumerAsksForCall(media, session: id, on: link)
        case .callAnswer(let requestID, let accepted):
            answer(requestID, kind: .call, accepted: accepted, session: id, on: link)
        case .callSignal(let requestID, let signal):
            consumerSignals(
                .callSignal(sessionID: id, requestID: requestID, signal: signal), requestID: requestID,
                type: message.messageType, session: id, on: link)
        case .screenSignal(let requestID, let signal):
            consumerScreenSignal(signal, requestID: requestID, session: id, on: link)
        case .callMediaState(let requestID, let state):
            consumerSignals(
                .callMediaState(sessionID: id, requestID: requestID, state: state), requestID: requestID,
                type: message.messageType, session: id, on: link)
        case .callEnd(let requestID):
            consumerEndsCall(requestID, session: id, on: link)
        case .leaveQueue:
            guard row.phase != .assigned else {
                reject(.notAllowed, "an agent has already joined", on: link, as: ServerToConsumerMessage.self)
                return
            }
            end(session: id, reason: .consumerLeftQueue, text: nil)
        case .endSession:
            end(session: id, reason: .consumerEnded, text: nil)
        }
    }

    /// A consumer's chat message: masked (§11.7), stored, relayed to the
    /// agent, and answered with a receipt that says what was masked.
    private func consumerChat(
        _ clientMessageID: ClientMessageID, text: String, attachment: AttachmentInfo?,
        maskedBefore: [SensitiveDataKind], session id: SessionID
    ) {
        guard let row = sessions[id]?.row else { return }
        let candidate = ServerMessageID(UUID().uuidString)
        guard
            let admission = sessions[id]?.deduplicators[StoredChat.sender(of: .consumer), default: ChatDeduplicator()]
                .admit(clientMessageID, as: candidate)
        else { return }
        let agentID = row.phase == .assigned ? row.agentID : nil
        let masked = maskedChat(text, maskedBefore: maskedBefore)
        switch admission {
        case .duplicate(let existing):
            let receipt = ChatReceipt(
                clientMessageID: clientMessageID, messageID: existing, status: agentID == nil ? .stored : .delivered,
                masked: masked)
            send(.chatReceipt(receipt), toSession: id)
        case .accepted:
            let message = ChatMessage(
                id: candidate, author: .consumer, text: masked.text, sentAt: currentDate, attachment: attachment)
            store(StoredChat(sessionID: id, clientMessageID: clientMessageID, message: message))
            if masked.didMask { metrics.messagesMasked.increment() }
            if let agentID {
                send(.chat(sessionID: id, message: message), toAgent: agentID)
                metrics.messagesRelayed.increment()
            }
            send(
                .chatReceipt(
                    ChatReceipt(
                        clientMessageID: clientMessageID, messageID: candidate,
                        status: agentID == nil ? .stored : .delivered, masked: masked)),
                toSession: id)
        }
    }

    /// The consumer answered `requestID`; an accepted screen share says what
    /// it shows (`shared`, the app's window when an older app leaves it out).
    private func answer(
        _ requestID: RequestID, kind: ConsentKind, accepted: Bool, shared: SharedSource? = nil, session id: SessionID,
        on link: PeerLink
    ) {
        guard var session = sessions[id], session.pendingRequests[requestID] == kind, let agentID = session.row.agentID
        else {
            reject(
                .unknownRequest, "no \(kind) request \(requestID.rawValue) is waiting for an answer", on: link,
                as: ServerToConsumerMessage.self, refType: "\(kind)Answer")
            return
        }
        session.pendingRequests[requestID] = nil
        sessions[id] = session
        recordRequestClosed(requestID, session: id)
        let source = kind == .screenShare && accepted ? shared ?? .appWindow : nil
        if let source { shareStarted(requestID, source: source, session: id) }
        if kind == .control, accepted { controlGranted(requestID, session: id) }
        if kind == .call { callAnswered(requestID, accepted: accepted, session: id) }
        send(
            .consumerAnswered(sessionID: id, requestID: requestID, kind: kind, accepted: accepted, shared: source),
            toAgent: agentID)
    }
}
