import AssistCore
import Foundation

/// One consumer session of the load benchmark: says `hello`, waits for
/// `welcome`, then idles; numbers and acknowledges frames with a
/// ``ConsumerChannel`` as the desktop app does, and sends chat on request.
actor BenchConsumer {
    private let link = WebSocketLink()
    private let tally: ConnectionTally
    private var channel = ConsumerChannel()

    /// The session's id, once welcomed.
    private(set) var sessionID: SessionID?
    /// Whether the connection is still open.
    private(set) var isOpen = true

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
        let url = server.replacingOccurrences(of: "http://", with: "ws://") + "/v1/consumer"
        Task { [link] in
            let error = await link.run(url: url) { text, _ in await self.received(text) }
            self.ended(error)
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
            guard (try? channel.replay(after: welcome.lastReceivedSeq)) != nil else {
                tally.markProtocolProblem()
                return
            }
            sessionID = welcome.sessionID
            tally.markReady()
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

    private func ended(_ error: (any Error)?) {
        isOpen = false
        channel.connectionLost()
        let failure = sessionID != nil ? nil : error.map { "\($0)" } ?? "closed before welcome"
        tally.markEnded(failure: failure)
    }
}
