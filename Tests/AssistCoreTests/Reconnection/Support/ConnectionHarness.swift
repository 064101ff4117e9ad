import AssistCore
import Foundation

/// A ``ReconnectingConnection`` on a ``ManualClock`` and a ``FakeTransport``,
/// with a ``RecordingDelegate`` and a reader of its events.
struct ConnectionHarness {
    let clock = ManualClock()
    let transport: FakeTransport
    let delegate: RecordingDelegate
    let connection: ReconnectingConnection
    private var events: AsyncStream<ConnectionEvent>.Iterator

    init(
        policy: ReconnectPolicy,
        initialConnectTimeout: TimeInterval = 30,
        transport: FakeTransport = FakeTransport(),
        random: some RandomNumberGenerator & Sendable = SplitMix64(seed: 7),
        onDisconnect: RecordingDelegate.Script? = nil,
        willRetry: RecordingDelegate.Script? = nil
    ) async {
        self.transport = transport
        delegate = await RecordingDelegate(onDisconnect: onDisconnect, willRetry: willRetry)
        connection = ReconnectingConnection(
            transport: transport,
            policy: policy,
            initialConnectTimeout: initialConnectTimeout,
            delegate: delegate,
            clock: clock,
            random: random)
        events = connection.events.makeAsyncIterator()
    }

    /// Starts the connection and establishes its initial attempt.
    func startConnected() async throws -> FakeAttempt {
        let connection = connection
        async let started: Void = connection.start()
        let attempt = await transport.nextAttempt()
        attempt.establish()
        try await started
        return attempt
    }

    /// The next `count` events, as summaries.
    mutating func nextEvents(_ count: Int) async -> [String] {
        var summaries: [String] = []
        while summaries.count < count, let event = await events.next() {
            summaries.append(event.summary)
        }
        return summaries
    }

    /// The next event itself.
    mutating func nextEvent() async -> ConnectionEvent? {
        await events.next()
    }

    /// Every event until the stream finishes, as summaries.
    mutating func remainingEvents() async -> [String] {
        var summaries: [String] = []
        while let event = await events.next() {
            summaries.append(event.summary)
        }
        return summaries
    }
}
