import AssistCore
import Foundation
import Synchronization

/// A transport whose attempts the test resolves by hand: each call to
/// `connect` becomes a ``FakeAttempt`` the test receives from
/// ``nextAttempt()`` and then establishes, fails, or leaves to time out.
final class FakeTransport: ConnectionTransport {
    private let attempts = Mailbox<FakeAttempt>()
    private let count = Mutex(0)
    private let ignoresCancellation: Bool

    /// Creates a transport. With `ignoresCancellation`, attempts keep running
    /// after the connection cancels them, like a badly behaved transport, so
    /// a test can deliver results from stale attempts.
    init(ignoresCancellation: Bool = false) {
        self.ignoresCancellation = ignoresCancellation
    }

    /// How many attempts were made so far.
    var attemptCount: Int {
        count.withLock { $0 }
    }

    /// The next attempt the connection makes, waiting until it makes one.
    func nextAttempt() async -> FakeAttempt {
        await attempts.receiveIgnoringCancellation()
    }

    func connect(timeout: TimeInterval, onEstablished: @escaping @Sendable () async -> Void) async throws {
        let attempt = FakeAttempt(timeout: timeout, ignoresCancellation: ignoresCancellation)
        count.withLock { $0 += 1 }
        attempts.send(attempt)
        try await attempt.run(onEstablished: onEstablished)
    }
}

/// One call to ``FakeTransport/connect(timeout:onEstablished:)``.
final class FakeAttempt: Sendable {
    private enum Outcome {
        case establish
        case fail(any Error)
        case closeCleanly
    }

    /// The timeout the connection passed for this attempt.
    let timeout: TimeInterval
    private let ignoresCancellation: Bool
    private let outcomes = Mailbox<Outcome>()
    private let acknowledgements = Mailbox<Void>()
    private let cancellations = Mailbox<Void>()

    init(timeout: TimeInterval, ignoresCancellation: Bool) {
        self.timeout = timeout
        self.ignoresCancellation = ignoresCancellation
    }

    /// The link comes up.
    func establish() {
        outcomes.send(.establish)
    }

    /// The attempt fails to open, or its established link drops, with `error`.
    func fail(_ error: any Error) {
        outcomes.send(.fail(error))
    }

    /// The server closes the established link without an error.
    func closeCleanly() {
        outcomes.send(.closeCleanly)
    }

    /// Waits until the connection has been told the link is up and has
    /// handled it.
    func waitUntilEstablishAcknowledged() async {
        await acknowledgements.receiveIgnoringCancellation()
    }

    /// Waits until the connection cancels this attempt.
    func waitUntilCancelled() async {
        await cancellations.receiveIgnoringCancellation()
    }

    fileprivate func run(onEstablished: @escaping @Sendable () async -> Void) async throws {
        while true {
            switch try await nextOutcome() {
            case .establish:
                await onEstablished()
                acknowledgements.send(())
            case .fail(let error):
                throw error
            case .closeCleanly:
                return
            }
        }
    }

    private func nextOutcome() async throws -> Outcome {
        if ignoresCancellation {
            return await outcomes.receiveIgnoringCancellation()
        }
        do {
            return try await outcomes.receive()
        } catch {
            cancellations.send(())
            throw error
        }
    }
}
