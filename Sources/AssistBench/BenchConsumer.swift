import AssistCore
import Foundation

/// One consumer session of the load benchmark: says `hello`, waits for
/// `welcome`, then idles; numbers and acknowledges frames with a
/// ``ConsumerChannel`` as the desktop app does, and sends chat on request.
/// After its connection is lost it can ``resume(server:)`` on another server.
actor BenchConsumer {
    private var link = WebSocketLink()
    /// Counts connections, so that the end of an earlier one is not taken
    /// for the end of the current one.
    private var connection = 0
    private let tally: ConnectionTally
    private var channel = ConsumerChannel()
    /// The session's resume token, once welcomed.
    private(set) var resumeToken: ResumeToken?

    /// The session's id, once welcomed.
    private(set) var sessionID: SessionID?
    /// Whether the current connection is still open.
    private(set) var isOpen = true
    /// When the last `welcome` arrived.
    private(set) var welcomedAt: ContinuousClock.Instant?

    /// Whether the session was welcomed and its connection is still open.
    var isHeld: Bool { sessionID != nil && isOpen }

    /// A consumer that reports to `tally`.
    init(tally: ConnectionTally) {
        self.tally = tally
    }

    /// Connects to `server` (an `http://` URL) and opens a session for `destination`.
    func start(server: String, destination: String) throws {
        let hello = ConsumerHello(destination: destination, visitorName: "Load")
        link.send(try ProtocolCodec.encode(Envelope(ConsumerMessage.hello(hello))))
        connect(to: server)
    }

    /// Opens a new connection to `server` and resumes the session there,
    /// sending again what the server has not acknowledged; a consumer that
    /// was never welcomed, or whose connection is open, does nothing.
    func resume(server: String) throws {
        guard let resumeToken, !isOpen else { return }
        link = WebSocketLink()
        let request = ResumeRequest(resumeToken: resumeToken, lastReceivedSeq: channel.lastReceivedSeq)
        link.send(try ProtocolCodec.encode(Envelope(ConsumerMessage.resume(request))))
        connect(to: server)
    }

    private func connect(to server: String) {
        connection += 1
        isOpen = true
        let url = server.replacingOccurrences(of: "http://", with: "ws://") + "/v1/consumer"
        Task { [link, connection] in
            let error = await link.run(url: url) { text, _ in await self.received(text) }
            self.ended(error, connection: connection)
        }
    }

    /// Sends chat sample `index` of `recorder`, timing it from just before the
    /// frame goes to the connection.
    func sendChat(sample index: Int, recorder: LatencyRecorder) {
        let message = ConsumerMessage.chat(
            clientMessageID: ClientMessageID("bench-\(index)"), text: SampleText.text(for: index))
        guard case .transmit(let envelope) = channel.send(message), let text = try? ProtocolCodec.encode(envelope)
        else {
            tally.markProtocolProblem()
            return
        }
        recorder.start(index)
        link.send(text)
    }

    /// Closes the connection normally.
    func close() {
        link.close()
    }

    private func received(_ text: String) {
        guard let envelope = try? ProtocolCodec.decode(text: text, as: ServerToConsumerMessage.self) else {
            tally.markProtocolProblem()
            return
        }
        if case .welcome(let welcome) = envelope.message {
            guard let replay = try? channel.replay(after: welcome.lastReceivedSeq) else {
                tally.markProtocolProblem()
                return
            }
            for envelope in replay {
                if let text = try? ProtocolCodec.encode(envelope) { link.send(text) }
            }
            let isFirst = sessionID == nil
            sessionID = welcome.sessionID
            resumeToken = welcome.resumeToken
            welcomedAt = .now
            if isFirst { tally.markReady() }
            return
        }
        switch channel.receive(envelope) {
        case .deliver(.error), .reject: tally.markProtocolProblem()
        case .deliver, .drop: break
        }
        if let acknowledgement = channel.acknowledgementFrame(), let text = try? ProtocolCodec.encode(acknowledgement) {
            link.send(text)
        }
    }

    private func ended(_ error: (any Error)?, connection ended: Int) {
        guard ended == connection else { return }
        isOpen = false
        channel.connectionLost()
        guard ended == 1 else { return }
        let failure = sessionID != nil ? nil : error.map { "\($0)" } ?? "closed before welcome"
        tally.markEnded(failure: failure)
    }
}
