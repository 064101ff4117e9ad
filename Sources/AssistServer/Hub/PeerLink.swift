import AssistCore
import Synchronization

/// What the hub asks a connection to do.
enum LinkOutput: Sendable, Equatable {
    /// Write a text frame.
    case text(String)
    /// Write a binary frame (a relayed co-browse frame).
    case binary([UInt8])
    /// Close the WebSocket with this code and reason, after what was written.
    case close(CloseCode, String)
}

/// Which endpoint a connection came in on.
enum PeerRole: Sendable, Hashable {
    case consumer
    case agent
}

/// One WebSocket connection as the hub sees it: where it came from, and the
/// frames queued for it. The hub never waits on a socket.
///
/// Queued frames are written, in order, by a task that exists only while
/// there is something to write: an idle connection holds no writer task,
/// which is most of what an idle session would otherwise cost.
final class PeerLink: Sendable, Hashable {
    /// Frames waiting to be written, and whether a writer is at work.
    private struct Outbox {
        var pending: [LinkOutput] = []
        /// Binary frames among `pending`, and the one being written.
        var binaryFrames = 0
        var writing = false
        /// A close was queued: nothing is queued after it.
        var closing = false
        /// The hub decided to close: the close is queued once the frames
        /// before it are stored (``SupportHub``'s ``CommitPipeline``).
        var closeExpected = false
        /// The close was written.
        var closed = false
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Unique among the server's connections.
    let id: Int
    /// The endpoint the connection came in on.
    let role: PeerRole
    /// The client's address, for per-address limits.
    let address: String
    private let write: @Sendable (LinkOutput) async -> Void
    private let outbox = Mutex(Outbox())
    private let negotiatedVersion = Atomic<Int>(1)

    private static let lastID = Atomic<Int>(0)

    /// A connection id not given out before in this process.
    static func nextID() -> Int {
        lastID.add(1, ordering: .relaxed).newValue
    }

    /// At most this many binary frames wait to be written.
    static let maxPendingBinaryFrames = 3

    /// A link whose frames `write` puts on the wire, one at a time, in order.
    init(id: Int, role: PeerRole, address: String, write: @escaping @Sendable (LinkOutput) async -> Void) {
        self.id = id
        self.role = role
        self.address = address
        self.write = write
    }

    /// The protocol version the connection's handshake negotiated; 1 until then.
    var version: Int {
        get { negotiatedVersion.load(ordering: .relaxed) }
        set { negotiatedVersion.store(newValue, ordering: .relaxed) }
    }

    /// Whether a close has been queued or decided: frames arriving now are not read.
    var isClosing: Bool { outbox.withLock { $0.closing || $0.closeExpected } }

    /// Marks a close the hub decided and will queue after the frames before
    /// it: from now on the connection's frames are not read, and
    /// ``closeWritten()`` waits for that close.
    func expectClose() {
        outbox.withLock { $0.closeExpected = true }
    }

    /// Queues a text frame.
    func send(_ text: String) {
        enqueue(.text(text))
    }

    /// Whether fewer than ``maxPendingBinaryFrames`` binary frames wait:
    /// a slower peer misses frames instead of the server piling them up.
    var hasRoomForBinaryFrame: Bool {
        outbox.withLock { !$0.closing && $0.binaryFrames < Self.maxPendingBinaryFrames }
    }

    /// Queues a binary frame.
    func sendBinary(_ bytes: [UInt8]) {
        outbox.withLock { $0.binaryFrames += 1 }
        enqueue(.binary(bytes))
    }

    /// Queues a close; nothing is written after it.
    func close(_ code: CloseCode, reason: String) {
        enqueue(.close(code, reason))
    }

    /// Returns once a queued or decided close has been written; at once
    /// when none is queued or decided.
    func closeWritten() async {
        await withCheckedContinuation { continuation in
            let ready = outbox.withLock { outbox in
                guard outbox.closing || outbox.closeExpected, !outbox.closed else { return true }
                outbox.closeWaiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// What the connection's writer is at, for a shutdown that waits too
    /// long (``OpenConnections``): "close written", or how many frames wait
    /// and whether a close is queued or decided.
    var writerState: String {
        outbox.withLock { outbox in
            if outbox.closed { return "close written" }
            let close = outbox.closing ? ", close queued" : outbox.closeExpected ? ", close decided" : ""
            return "\(outbox.pending.count) frames waiting\(outbox.writing ? ", writing" : "")\(close)"
        }
    }

    private func enqueue(_ output: LinkOutput) {
        let startWriter = outbox.withLock { outbox -> Bool in
            guard !outbox.closing else { return false }
            if case .close = output { outbox.closing = true }
            outbox.pending.append(output)
            guard !outbox.writing else { return false }
            outbox.writing = true
            return true
        }
        if startWriter {
            Task { await self.writeQueued() }
        }
    }

    private func writeQueued() async {
        while true {
            let batch = outbox.withLock { outbox in
                let batch = outbox.pending
                outbox.pending = []
                if batch.isEmpty { outbox.writing = false }
                return batch
            }
            if batch.isEmpty { return }
            for output in batch {
                await write(output)
                switch output {
                case .close: closeDone()
                case .binary: outbox.withLock { $0.binaryFrames -= 1 }
                case .text: break
                }
            }
        }
    }

    private func closeDone() {
        let waiters = outbox.withLock { outbox in
            outbox.closed = true
            defer { outbox.closeWaiters = [] }
            return outbox.closeWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    static func == (lhs: PeerLink, rhs: PeerLink) -> Bool { lhs.id == rhs.id }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
