import Synchronization

/// Lets WebSocket upgrades in until a shutdown closes it, and knows which
/// admitted upgrades have not yet reached the hub.
///
/// A shutdown (``GoingAwayService``) has the hub close every connection with
/// 1001 before the HTTP server's own shutdown, which would close the rest
/// with 1000. An upgrade admitted just before the signal has a connection
/// the hub does not know yet; the gate waits for it to register (the hub
/// then closes it with 1001 at once) before it shuts, and refuses upgrades
/// after that.
final class UpgradeGate: Sendable {
    private struct State {
        var pending = 0
        var shut = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Whether an upgrade may go ahead; if so, it counts as pending until
    /// ``registered()``.
    func admit() -> Bool {
        state.withLock { state in
            guard !state.shut else { return false }
            state.pending += 1
            return true
        }
    }

    /// An admitted upgrade's connection is known to the hub (and, during a
    /// shutdown, its 1001 is written).
    func registered() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.pending = max(state.pending - 1, 0)
            guard state.pending == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until no admitted upgrade is pending, or `timeout` has passed,
    /// then refuses every later upgrade.
    func shut(within timeout: Duration) async {
        await waitAtMost(timeout) {
            await withCheckedContinuation { continuation in
                let ready = self.state.withLock { state in
                    guard state.pending > 0 else { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        }
        state.withLock { $0.shut = true }
    }
}
