import Foundation

/// The consumer's side of one support session, as a state machine: what to
/// send when a connection opens, what each frame from the server means for
/// the person, and what the person's intents put on the wire.
///
/// In the swift-nio style: every event is a `mutating func` that returns the
/// ``ConsumerSessionEffect``s to perform, in order, and nothing here performs
/// I/O or reads a clock. The session outlives connections: its
/// ``ConsumerChannel`` holds what the server has not acknowledged and resends
/// it after a reconnect, so nothing typed while the link is down is lost.
///
/// Connection lifecycle, per link: ``connectionOpened()`` → frames through
/// ``receive(_:at:)`` (the first must be `welcome`) → ``connectionLost()``.
public struct ConsumerSession: Sendable {
    private enum Link: Sendable, Hashable {
        case down
        case awaitingWelcome
        case up
    }

    /// What the first connection sends in its `hello`.
    public let hello: ConsumerHello
    /// Where the session stands.
    public internal(set) var phase = SupportPhase.connecting
    /// The chat so far.
    public internal(set) var transcript = ChatTranscript()
    /// The newest `welcome`, once the server answered; its resume token is
    /// used on every later connection.
    public internal(set) var welcome: ConsumerWelcome?
    /// Requests the person has not answered yet, oldest first.
    public internal(set) var openRequests: [ConsentRequest] = []
    /// The name of the agent who is typing, if any.
    public internal(set) var typingAgentName: String?
    /// The share in progress, if the person is showing the window to an agent.
    public internal(set) var share: ScreenShare?

    var channel = ConsumerChannel()
    var agents: [String: Agent] = [:]
    private var link = Link.down

    /// A session that will open with `hello`.
    public init(hello: ConsumerHello) {
        self.hello = hello
    }

    /// Whether a connection is up and past its handshake.
    public var isOnline: Bool { link == .up }

    /// Whether co-browse frames may be sent now: online, sharing, and the
    /// connection negotiated co-browse.
    public var canSendCobrowseFrames: Bool {
        isOnline && share != nil && (welcome?.version ?? 1) >= ProtocolVersion.cobrowse
    }

    /// A connection opened: the handshake frame to send first — `hello` for
    /// a new session, `resume` with the newest token afterwards.
    public mutating func connectionOpened() throws(ProtocolError) -> String {
        link = .awaitingWelcome
        let message: ConsumerMessage =
            if let welcome {
                .resume(
                    ResumeRequest(
                        resumeToken: welcome.resumeToken, lastReceivedSeq: channel.lastReceivedSeq,
                        versions: hello.versions, shareScopes: hello.shareScopes,
                        screenControl: hello.screenControl, screenVideo: hello.screenVideo))
            } else {
                .hello(hello)
            }
        return try ProtocolCodec.encode(Envelope(message))
    }

    /// The connection dropped: sequenced messages are held until the next one.
    public mutating func connectionLost() {
        link = .down
        channel.connectionLost()
        if typingAgentName != nil {
            typingAgentName = nil
        }
    }

    /// The connection was given up for good: the person's unconfirmed
    /// messages are marked failed (the channel still holds them).
    public mutating func connectionGivenUp() -> [ConsumerSessionEffect] {
        guard !transcript.failUnconfirmed().isEmpty else { return [] }
        return [.publish(.transcriptChanged(transcript))]
    }

    /// A new attempt starts after the connection was given up: failed
    /// messages are `sending` again, since the attempt resends them.
    public mutating func retrying() -> [ConsumerSessionEffect] {
        guard transcript.retryFailed() else { return [] }
        return [.publish(.transcriptChanged(transcript))]
    }

    /// Takes in a text frame from the server, received at `now`.
    public mutating func receive(_ text: String, at now: Date) -> [ConsumerSessionEffect] {
        let envelope: Envelope<ServerToConsumerMessage>
        do {
            envelope = try ProtocolCodec.decode(text: text, as: ServerToConsumerMessage.self)
        } catch {
            return rejected(channel.receive(rejected: error))
        }
        if link == .awaitingWelcome {
            return handshake(envelope)
        }
        var effects: [ConsumerSessionEffect]
        switch channel.receive(envelope) {
        case .deliver(let message):
            effects = handle(message, at: now)
        case .drop:
            effects = []
        case .reject(let error):
            return rejected(.reject(error))
        }
        if let acknowledgement = channel.acknowledgementFrame() {
            effects += encoded(acknowledgement)
        }
        return effects
    }

    private mutating func handshake(_ envelope: Envelope<ServerToConsumerMessage>) -> [ConsumerSessionEffect] {
        switch envelope.message {
        case .welcome(let welcome):
            let replay: [Envelope<ConsumerMessage>]
            do {
                replay = try channel.replay(after: welcome.lastReceivedSeq)
            } catch {
                return [.close(.resumeRejected, reason: "replay unavailable")]
            }
            self.welcome = welcome
            link = .up
            var effects: [ConsumerSessionEffect] = [.established]
            effects += replay.flatMap { encoded($0) }
            if share != nil { effects.append(.publish(.keyframeRequested)) }
            if phase == .connecting {
                phase = .waiting(nil)
                effects.append(.publish(.phaseChanged(phase)))
            }
            return effects
        case .error(let report):
            return [.publish(.serverReportedProblem(report))]
        default:
            return [.close(.policyViolation, reason: "expected welcome")]
        }
    }

    private mutating func rejected(_ action: ReceiveAction<ServerToConsumerMessage>) -> [ConsumerSessionEffect] {
        guard case .reject(let error) = action else { return [] }
        switch error.disposition {
        case .errorFrame:
            var effects = send(.error(error.report))
            if let acknowledgement = channel.acknowledgementFrame() {
                effects += encoded(acknowledgement)
            }
            return effects
        case .close(let code, let reason):
            return [.close(code, reason: reason)]
        }
    }

    /// Sends `message` through the channel: transmitted when online, held
    /// (sequenced) or dropped (typing, errors) otherwise.
    mutating func send(_ message: ConsumerMessage) -> [ConsumerSessionEffect] {
        switch channel.send(message) {
        case .transmit(let envelope):
            return encoded(envelope)
        case .hold, .discard:
            return []
        case .fail(let error):
            return [.publish(.serverReportedProblem(error.report))]
        }
    }

    private func encoded(_ envelope: Envelope<ConsumerMessage>) -> [ConsumerSessionEffect] {
        do {
            return [.transmit(try ProtocolCodec.encode(envelope))]
        } catch {
            return [.publish(.serverReportedProblem(error.report))]
        }
    }
}
