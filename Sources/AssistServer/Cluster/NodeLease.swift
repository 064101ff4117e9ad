import Synchronization

/// A node's lease on its place in the cluster, as the node itself counts it.
///
/// The database holds each node's lease (`cluster_nodes.lease_expires_at`),
/// which the node renews every tick for ``duration``; other nodes may take
/// over what a node held — the lead, in this version — only once its lease
/// has run out there. The node counts its lease from the moment it *sent*
/// the renewal, which is before the database started counting, and stops
/// ``margin`` early: so its own count always ends first, and from then on
/// it sends nothing and takes no work (``isHeld``), whether it was paused,
/// cut off from the database, or only slow.
///
/// Each unbroken run of renewals is one *generation*: once the node's count
/// ran out, a renewal answered later does not revive it, and what the node
/// started under it (a term it leads) stays over even after it rejoins.
final class NodeLease: Sendable {
    /// How long one renewal holds, as the database counts it.
    static let duration = Duration.seconds(4)
    /// How much earlier than the database the node stops counting on its
    /// lease: far more than two clocks drift apart in ``duration`` (NTP
    /// slews a clock by at most 0.05 %, 2 ms here), and enough for a frame
    /// that passed ``isHeld`` to be written.
    static let margin = Duration.milliseconds(500)

    private struct State {
        /// When the node stops counting on its lease; `nil` while it holds none.
        var deadline: ContinuousClock.Instant?
        /// The current run of renewals; 0 before the node first joined.
        var generation = 0
    }

    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State())

    /// A lease not held yet, counted on `now`.
    init(now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.now = now
    }

    /// The current instant: the `sentAt` of a renewal sent after it.
    var currentInstant: ContinuousClock.Instant { now() }

    /// The current generation, held now; `nil` while the node holds no lease.
    var heldGeneration: Int? {
        state.withLock { state in
            guard let deadline = state.deadline, now() < deadline else { return nil }
            return state.generation
        }
    }

    /// Whether the node may still act on its lease now.
    var isHeld: Bool { heldGeneration != nil }

    /// Whether the node still holds the lease of `generation` now.
    func isHeld(generation: Int) -> Bool { heldGeneration == generation }

    /// The node joined (or joined again) with a request sent at `sentAt`:
    /// a new generation, held until ``duration`` less ``margin`` after that.
    /// Returns the generation.
    @discardableResult
    func joined(sentAt: ContinuousClock.Instant) -> Int {
        state.withLock { state in
            state.generation += 1
            state.deadline = sentAt + Self.duration - Self.margin
            return state.generation
        }
    }

    /// The database renewed the lease of `generation` for a request sent
    /// at `sentAt`. Returns `false` when that generation is over: the node
    /// rejoined since, or its count of the generation ran out before the
    /// answer came (it must have stopped meanwhile, and holds no lease
    /// until it rejoins). A late answer never shortens a lease a later one
    /// renewed.
    func renewed(sentAt: ContinuousClock.Instant, generation: Int) -> Bool {
        state.withLock { state in
            guard state.generation == generation else { return false }
            guard let deadline = state.deadline, now() < deadline else {
                state.deadline = nil
                return false
            }
            state.deadline = max(deadline, sentAt + Self.duration - Self.margin)
            return true
        }
    }

    /// The database said the lease had run out: the node holds none until it rejoins.
    func lapse() {
        state.withLock { $0.deadline = nil }
    }

    /// How long the node may still act on its lease; `nil` while it holds none.
    var remaining: Duration? {
        state.withLock { state in state.deadline.map { max($0 - now(), .zero) } }
    }
}
