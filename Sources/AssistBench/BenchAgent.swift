import AssistCore
import Foundation

/// The load benchmark's agent: signs in, takes sessions with `acceptNext`,
/// and notes the instant each timed chat sample arrives. It numbers and
/// acknowledges frames with an ``AgentChannel``; acknowledgements are
/// cumulative, so it sends one at most every 250 ms, and it spaces all its
/// frames so it stays under the server's limit of 30 frames a second per
/// connection.
actor BenchAgent {
    private let link = WebSocketLink()
    private let recorder: LatencyRecorder
    private let tally: ConnectionTally
    private var channel = AgentChannel()
    private var nextSlot = ContinuousClock.now
    private var acknowledgementScheduled = false

    /// Whether the server welcomed the agent.
    private(set) var isWelcomed = false
    /// The sessions the server assigned, in order.
    private(set) var assigned: [SessionID] = []
    /// Error codes the server answered with, e.g. `queueEmpty`.
    private(set) var errorCodes: [String] = []
    /// Why the connection could not be used, when it ended before a welcome.
    private(set) var failure: String?
    /// Whether the connection is still open.
    private(set) var isOpen = true

    /// Answers to `acceptNext` so far: sessions assigned plus errors.
    var answers: Int { assigned.count + errorCodes.count }

    /// An agent whose chat samples go to `recorder`; protocol problems go to `tally`.
    init(recorder: LatencyRecorder, tally: ConnectionTally) {
        self.recorder = recorder
        self.tally = tally
    }

    /// The least time between two frames: 28 a second, under the server's 30.
    private static let frameSpacing = Duration.milliseconds(36)
    /// How long acknowledgements are gathered before one is sent.
    private static let acknowledgementDelay = Duration.milliseconds(250)

    /// Connects to `server` (an `http://` URL) and signs in with `token`.
    func start(server: String, token: String) throws {
        link.send(try ProtocolCodec.encode(Envelope(AgentMessage.hello(AgentHello(token: token)))))
        let url = server.replacingOccurrences(of: "http://", with: "ws://") + "/v1/agent"
        Task { [link] in
            let error = await link.run(url: url) { text, arrived in await self.received(text, at: arrived) }
            self.ended(error)
        }
    }

    /// Sends one `acceptNext`, paced; the answer arrives in ``assigned`` or ``errorCodes``.
    func acceptNext() async {
        await paced(.acceptNext)
    }

    /// Closes the connection normally.
    func close() {
        link.close()
    }

    private func received(_ text: String, at arrived: ContinuousClock.Instant) {
        guard let envelope = try? ProtocolCodec.decode(text: text, as: ServerToAgentMessage.self) else {
            tally.markProtocolProblem()
            return
        }
        if case .welcome(let welcome) = envelope.message {
            guard (try? channel.replay(after: welcome.lastReceivedSeq)) != nil else {
                tally.markProtocolProblem()
                return
            }
            isWelcomed = true
            return
        }
        switch channel.receive(envelope) {
        case .deliver(.chat(_, let message)):
            if let sample = SampleText.sample(in: message.text) { recorder.finish(sample, at: arrived) }
        case .deliver(.sessionAssigned(let assignment)):
            assigned.append(assignment.sessionID)
        case .deliver(.error(let report)):
            errorCodes.append(report.code.rawValue)
        case .reject:
            tally.markProtocolProblem()
        case .deliver, .drop:
            break
        }
        scheduleAcknowledgement()
    }

    private func scheduleAcknowledgement() {
        guard !acknowledgementScheduled else { return }
        acknowledgementScheduled = true
        Task {
            try? await Task.sleep(for: Self.acknowledgementDelay)
            await self.paced(.ack)
        }
    }

    /// Sends `message` in the next free slot; an `ack` only if one is still owed then.
    private func paced(_ message: AgentMessage) async {
        let slot = max(ContinuousClock.now, nextSlot)
        nextSlot = slot + Self.frameSpacing
        if case .ack = message { acknowledgementScheduled = false }
        try? await Task.sleep(until: slot, clock: .continuous)
        let envelope: Envelope<AgentMessage>?
        if case .ack = message {
            envelope = channel.acknowledgementFrame()
        } else if case .transmit(let stamped) = channel.send(message) {
            envelope = stamped
        } else {
            envelope = nil
            tally.markProtocolProblem()
        }
        if let envelope, let text = try? ProtocolCodec.encode(envelope) { link.send(text) }
    }

    private func ended(_ error: (any Error)?) {
        isOpen = false
        channel.connectionLost()
        if !isWelcomed { failure = error.map { "\($0)" } ?? "the server closed the connection before welcome" }
    }
}
