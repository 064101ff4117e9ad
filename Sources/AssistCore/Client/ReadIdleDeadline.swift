import Synchronization

/// The read-idle deadline of one link: the link counts as lost once no frame
/// at all has arrived on it for ``limit``, measured on an injected clock.
///
/// A healthy link is never silent for long, because the server pings every
/// connection (`--ping-interval`); a link on which even the pings stopped
/// arriving is half-open — a proxy or network that stopped forwarding without
/// closing anything — and would otherwise look connected forever.
///
/// The transport reports each arriving frame with ``frameArrived()`` and runs
/// its link inside ``guarding(_:)``. The silence counts from when the deadline
/// was made, then from the newest frame.
public final class ReadIdleDeadline<DeadlineClock: Clock<Duration>>: Sendable {
    /// How long the link may stay silent before it counts as lost.
    public let limit: Duration

    private let clock: DeadlineClock
    private let lastFrame: Mutex<DeadlineClock.Instant>

    /// A deadline `limit` from now on `clock`.
    public init(limit: Duration, clock: DeadlineClock) {
        self.limit = limit
        self.clock = clock
        lastFrame = Mutex(clock.now)
    }

    /// Records that a frame arrived: the silence starts over.
    public func frameArrived() {
        let now = clock.now
        lastFrame.withLock { $0 = now }
    }

    /// Runs `link` until it ends and returns its result — unless the deadline
    /// passes first: then `link` is cancelled, and this throws
    /// ``LinkSilence`` once it has returned.
    ///
    /// - Throws: ``LinkSilence``, or what `link` throws.
    public func guarding<LinkResult: Sendable>(
        _ link: @escaping @Sendable () async throws -> LinkResult
    ) async throws -> LinkResult {
        try await withThrowingTaskGroup(of: LinkResult.self) { group in
            group.addTask { try await link() }
            group.addTask {
                try await self.silence()
                throw LinkSilence(limit: self.limit)
            }
            defer { group.cancelAll() }
            // Both tasks are running, so there is a first to finish.
            return try await group.next()!
        }
    }

    /// Returns once nothing has arrived for ``limit``.
    ///
    /// - Throws: `CancellationError` when cancelled first.
    private func silence() async throws {
        while true {
            let deadline = lastFrame.withLock { $0 }.advanced(by: limit)
            guard clock.now < deadline else { return }
            try await clock.sleep(until: deadline, tolerance: nil)
        }
    }
}
