import AssistCore
import Logging
import Synchronization

/// One event of the hub: what it changed, and the frames that may leave
/// the server once that is stored.
struct PendingEvent: Sendable {
    var changes: StoreChanges
    var outputs: [(link: PeerLink, output: LinkOutput)]
}

/// Writes the hub's events to the store in the order they happened, and
/// hands each event's frames to their connections only after its write.
///
/// The hub decides synchronously and never waits for the database, so no
/// other event can slip in half-way through one (an actor that awaited a
/// write would take other messages meanwhile). Events submitted while a
/// write is under way are written together in the next transaction (a
/// group commit), each one's changes in order, so a slower database (a
/// PostgreSQL server over the network) costs latency, not throughput.
///
/// A failed write sends none of its events' frames: it closes their
/// connections with 1011, whose clients resume from what was stored. A
/// cluster node that no longer holds its lease sends none either, stored or
/// not (typing and pictures store nothing): it closes their connections
/// with 1001, whose clients resume with the node that took over.
final class CommitPipeline: Sendable {
    private struct State {
        var queued: [PendingEvent] = []
        var writing = false
        /// Events ever submitted, and ever finished (written or failed).
        var submitted = 0
        var finished = 0
        /// Waiters for every event submitted up to a count to be finished.
        var flushWaiters: [(upTo: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let store: any SessionStorage
    private let logger: Logger
    private let onWrite: @Sendable (_ succeeded: Bool) -> Void
    private let mayDeliver: @Sendable () -> Bool
    private let state = Mutex(State())

    /// A pipeline writing to `store`; `onWrite` hears whether each
    /// transaction succeeded (the server's readiness follows it), and
    /// frames leave only while `mayDeliver` says so (a cluster node's lease).
    init(
        store: any SessionStorage, logger: Logger, onWrite: @escaping @Sendable (_ succeeded: Bool) -> Void = { _ in },
        mayDeliver: @escaping @Sendable () -> Bool = { true }
    ) {
        self.store = store
        self.logger = logger
        self.onWrite = onWrite
        self.mayDeliver = mayDeliver
    }

    /// Queues an event: written after every event submitted before it, its
    /// frames sent after that.
    func submit(_ event: PendingEvent) {
        let startWriter = state.withLock { state -> Bool in
            state.queued.append(event)
            state.submitted += 1
            guard !state.writing else { return false }
            state.writing = true
            return true
        }
        if startWriter {
            Task { await self.writeQueued() }
        }
    }

    /// Returns once every event submitted before the call is written (or
    /// its write failed): the store then holds what the hub decided so far.
    func flushed() async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard state.finished < state.submitted else { return true }
                state.flushWaiters.append((state.submitted, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func writeQueued() async {
        while true {
            let batch = state.withLock { state -> [PendingEvent] in
                let batch = state.queued
                state.queued = []
                if batch.isEmpty { state.writing = false }
                return batch
            }
            if batch.isEmpty { return }
            await write(batch)
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.finished += batch.count
                let finished = state.finished
                let ready = state.flushWaiters.filter { $0.upTo <= finished }.map(\.continuation)
                state.flushWaiters.removeAll { $0.upTo <= finished }
                return ready
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    private func write(_ batch: [PendingEvent]) async {
        do {
            try await store.commit(batch.map(\.changes))
        } catch {
            onWrite(false)
            logger.critical("database write failed; closing affected connections", metadata: ["error": "\(error)"])
            Self.close(linksOf: batch, .internalError, reason: "the server could not save")
            return
        }
        onWrite(true)
        guard mayDeliver() else {
            logger.error("this node's lease ran out; its frames are not sent")
            Self.close(linksOf: batch, .goingAway, reason: Self.leaseLapsedReason)
            return
        }
        for event in batch {
            for (link, output) in event.outputs {
                switch output {
                case .text(let text): link.send(text)
                case .binary(let bytes): link.sendBinary(bytes)
                case .close(let code, let reason): link.close(code, reason: reason)
                }
            }
        }
    }

    /// Closes, once each, every connection `batch` had frames for, in place of sending them.
    private static func close(linksOf batch: [PendingEvent], _ code: CloseCode, reason: String) {
        for link in Set(batch.flatMap { $0.outputs.map(\.link) }) { link.close(code, reason: reason) }
    }

    /// The close reason of frames held back because the node's lease ran out.
    static let leaseLapsedReason = "this server lost its place in the cluster"
}
