import Synchronization

/// Round trips of numbered samples, timed on the monotonic clock: a sender
/// calls ``start(_:)`` just before handing a sample's frame to its
/// connection, a receiver ``finish(_:at:)`` with the instant the frame
/// arrived. Thread-safe, because sender and receiver are different connections.
final class LatencyRecorder: Sendable {
    private struct State {
        var started: [ContinuousClock.Instant?]
        var elapsed: [Duration?]
        var outstanding = 0
    }

    private let state: Mutex<State>

    /// A recorder for samples `0..<count`.
    init(count: Int) {
        state = Mutex(State(started: Array(repeating: nil, count: count), elapsed: Array(repeating: nil, count: count)))
    }

    /// Sample `index` leaves now.
    func start(_ index: Int) {
        let now = ContinuousClock.now
        state.withLock { state in
            guard state.started.indices.contains(index), state.started[index] == nil else { return }
            state.started[index] = now
            state.outstanding += 1
        }
    }

    /// Sample `index` arrived at `instant`; unknown, unstarted and repeated samples are ignored.
    func finish(_ index: Int, at instant: ContinuousClock.Instant) {
        state.withLock { state in
            guard state.started.indices.contains(index), let started = state.started[index],
                state.elapsed[index] == nil
            else { return }
            state.elapsed[index] = started.duration(to: instant)
            state.outstanding -= 1
        }
    }

    /// Samples started and not yet arrived.
    var outstanding: Int { state.withLock { $0.outstanding } }

    /// The times of samples `from...` that arrived, and how many of them did not.
    func results(from first: Int) -> (sample: LatencySample, lost: Int) {
        state.withLock { state in
            let times = state.elapsed[first...]
            let arrived = times.compactMap { $0 }.map(LatencySample.nanoseconds(of:))
            return (LatencySample(nanoseconds: arrived), times.count - arrived.count)
        }
    }
}
