import Foundation
import HTTPTypes
import HummingbirdWSClient
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization

/// The direct links between this node and the other nodes of its cluster,
/// for what must be fast: chat, receipts, typing, pictures, call signals
/// and control input between a session's node and its agent's. PostgreSQL
/// keeps what must survive; a link only carries it quickly.
///
/// Each node dials every other member (``setMembers(_:)``) and writes only
/// on the links it dialled; it reads only on the links the others dialled
/// to it (``serve(from:inbound:)``). So each direction is one WebSocket in
/// order, and two nodes dialling each other at once need no tie-break.
///
/// Sending never waits. A message is queued for its peer, up to
/// ``maxQueuedBytes``; one writer per peer drains the queue onto the link,
/// keeping at most ``windowBytes`` in flight: the receiver tells the sender,
/// on the same WebSocket, how many bytes it has handled (every
/// ``acknowledgementBytes``), and the writer waits for room
/// (``LinkWindow``). So a peer that handles slowly slows its senders'
/// writers, not their hubs, and what waits for it waits in its queue — the
/// socket's writer alone would buffer without a bound. A message that finds the queue full or no member by that
/// name is refused (``SendOutcome``); one queued while the link is down, or
/// whose write failed when the link broke, waits for the next link, within
/// the same bound (a message counts against it until it is written). A
/// message written on a link that then breaks may still be lost on the way:
/// what must survive that is in the database.
final class NodeLinks: Sendable {
    /// What became of a message handed to ``send(_:to:)``.
    enum SendOutcome: Sendable, Equatable {
        /// Queued for the peer, written when its link takes it.
        case queued
        /// The peer's queue holds ``maxQueuedBytes`` already.
        case full
        /// No member of the cluster has that id.
        case unknownPeer
    }

    /// The path of the link endpoint on every node.
    static let path = "/cluster/v1/link"
    /// The header naming the dialling node.
    static let nodeHeader = HTTPField.Name("X-Assist-Node")!
    /// The header carrying its ``NodeLinkCredential``.
    static let credentialHeader = HTTPField.Name("X-Assist-Node-Credential")!
    /// The largest message a link carries: a co-browse frame and its envelope.
    static let maxMessageBytes = WebSocketEndpoints.maxMessageBytes + 4096
    /// How much may wait for one peer before sending to it is refused.
    static let maxQueuedBytes = 16 << 20
    /// The most bytes written on a link and not yet handled by the receiver.
    static let windowBytes: UInt64 = 4 << 20
    /// How many handled bytes a receiver acknowledges at once.
    static let acknowledgementBytes: UInt64 = 64 << 10
    /// The longest wait between two tries to dial a peer.
    static let maxRedialDelay = Duration.seconds(1)

    private struct Peer {
        /// Tells this membership from an earlier one of the same node, so
        /// an old dialler that is still winding down changes nothing.
        let generation: Int
        var url: String
        var queue: [[UInt8]] = []
        var queuedBytes = 0
        /// Wakes the writer of the peer's current link, while it has one.
        var wake: AsyncStream<Void>.Continuation?
        var dialer: Task<Void, Never>?
        /// Links opened to the peer during this membership.
        var linksOpened = 0
    }

    /// This node's id.
    let node: String
    private let credential: NodeLinkCredential
    private let logger: Logger
    private let peers = Mutex<[String: Peer]>([:])
    private let lastGeneration = Atomic<Int>(0)
    /// How many links each node has open to this one now.
    private let inbound = Mutex<[String: Int]>([:])
    private let deliver: @Sendable (_ from: String, _ message: [UInt8]) async -> Void

    /// Links of node `node`, proving themselves with `credential`; every
    /// message another node sends here is handed to `deliver`, one at a
    /// time per sender, in the order it was sent.
    init(
        node: String, credential: NodeLinkCredential, logger: Logger,
        deliver: @escaping @Sendable (_ from: String, _ message: [UInt8]) async -> Void
    ) {
        self.node = node
        self.credential = credential
        self.logger = logger
        self.deliver = deliver
    }

    /// The cluster's other members now, by id, each with the URL its link
    /// endpoint is under: new members are dialled, and the links and
    /// queues of members gone are dropped.
    func setMembers(_ members: [String: String]) {
        let (started, stopped) = peers.withLock { peers -> ([(String, Int)], [Task<Void, Never>]) in
            var stopped: [Task<Void, Never>] = []
            for (id, peer) in peers where members[id] != peer.url {
                peers[id] = nil
                peer.wake?.finish()
                if let dialer = peer.dialer { stopped.append(dialer) }
            }
            var started: [(String, Int)] = []
            for (id, url) in members where id != node && peers[id] == nil {
                let generation = lastGeneration.add(1, ordering: .relaxed).newValue
                peers[id] = Peer(generation: generation, url: url)
                started.append((id, generation))
            }
            return (started, stopped)
        }
        for dialer in stopped { dialer.cancel() }
        for (id, generation) in started {
            let dialer = Task { await self.keepDialling(id, generation: generation) }
            update(id, generation) { $0.dialer = dialer }
        }
    }

    /// Drops every link and queue, for a shutdown.
    func stop() {
        setMembers([:])
    }

    /// The members this node has a link to now, by id.
    var connectedPeers: Set<String> {
        peers.withLock { Set($0.filter { $0.value.wake != nil }.keys) }
    }

    /// How many links this node has opened to `peer` since it last became
    /// a member; 0 for a node that is not one.
    func linksOpened(to peer: String) -> Int {
        peers.withLock { $0[peer]?.linksOpened ?? 0 }
    }

    /// The nodes that have a link open to this one now, by id.
    var linkedFrom: Set<String> {
        inbound.withLock { Set($0.filter { $0.value > 0 }.keys) }
    }

    /// Whether messages go both ways between this node and `peer` now.
    func isLinkedBothWays(with peer: String) -> Bool {
        connectedPeers.contains(peer) && linkedFrom.contains(peer)
    }

    /// Queues `message` for node `peer`.
    @discardableResult
    func send(_ message: [UInt8], to peer: String) -> SendOutcome {
        let (outcome, wake) = peers.withLock { peers -> (SendOutcome, AsyncStream<Void>.Continuation?) in
            guard var state = peers[peer] else { return (.unknownPeer, nil) }
            guard state.queuedBytes + message.count <= Self.maxQueuedBytes else { return (.full, nil) }
            state.queue.append(message)
            state.queuedBytes += message.count
            peers[peer] = state
            return (.queued, state.wake)
        }
        wake?.yield()
        return outcome
    }

    /// Reads the messages of a link node `peer` dialled to this one, handing
    /// each to the delivery closure before reading the next, and tells the
    /// peer on `outbound` how many bytes it has handled, until it closes.
    func serve(from peer: String, inbound stream: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        inbound.withLock { $0[peer, default: 0] += 1 }
        defer {
            inbound.withLock { counts in
                counts[peer, default: 1] -= 1
                if counts[peer] == 0 { counts[peer] = nil }
            }
        }
        do {
            var handled: UInt64 = 0
            var acknowledged: UInt64 = 0
            for try await message in stream.messages(maxSize: Self.maxMessageBytes) {
                guard case .binary(let buffer) = message else { continue }
                await deliver(peer, Array(buffer.readableBytesView))
                handled += UInt64(buffer.readableBytes)
                if handled - acknowledged >= Self.acknowledgementBytes {
                    acknowledged = handled
                    var count = ByteBuffer()
                    count.writeInteger(handled)
                    try await outbound.write(.binary(count))
                }
            }
        } catch {
            logger.info("a link from another node ended", metadata: ["peer": "\(peer)", "error": "\(error)"])
        }
    }

    /// Whether a link request says it comes from a node of this cluster.
    func admits(node peer: String?, credential presented: String?, at date: Date = Date()) -> Bool {
        guard let peer, let presented, peer != node else { return false }
        return credential.verifies(presented, from: peer, at: date)
    }

    // MARK: Dialling

    private func keepDialling(_ peer: String, generation: Int) async {
        var delay = Duration.milliseconds(50)
        while !Task.isCancelled {
            guard let url = update(peer, generation, { $0.url }) else { return }
            var configuration = WebSocketClientConfiguration(maxFrameSize: Self.maxMessageBytes)
            configuration.additionalHeaders[Self.nodeHeader] = node
            configuration.additionalHeaders[Self.credentialHeader] = credential.credential(for: node, at: Date())
            let linked = Atomic<Bool>(false)
            do {
                try await WebSocketClient.connect(
                    url: Self.linkURL(url), configuration: configuration, logger: logger
                ) { inbound, outbound, _ in
                    linked.store(true, ordering: .relaxed)
                    try await self.write(to: peer, generation: generation, outbound: outbound, closing: inbound)
                }
            } catch {
                if !Task.isCancelled {
                    logger.warning("could not link to another node", metadata: ["peer": "\(peer)", "error": "\(error)"])
                }
            }
            update(peer, generation) { $0.wake = nil }
            if linked.load(ordering: .relaxed) { delay = .milliseconds(50) }
            guard (try? await Task.sleep(for: delay)) != nil else { return }
            delay = min(delay * 2, Self.maxRedialDelay)
        }
    }

    /// Writes the peer's queue onto a link as it fills, until the link or
    /// the peer's membership ends.
    private func write(
        to peer: String, generation: Int, outbound: WebSocketOutboundWriter, closing inbound: WebSocketInboundStream
    ) async throws {
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        guard
            let opened = update(peer, generation, { state -> Int in
                state.wake = wake
                state.linksOpened += 1
                return state.linksOpened
            })
        else { return }
        logger.info("linked to another node", metadata: ["peer": "\(peer)", "links": "\(opened)"])
        wake.yield()
        let window = LinkWindow(capacity: Self.windowBytes)
        defer { window.close() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // A dialled link brings only the receiver's acknowledgements; its end ends the writer.
                for try await message in inbound.messages(maxSize: 64) {
                    guard case .binary(let buffer) = message, buffer.readableBytes == 8,
                        let handled = buffer.getInteger(at: buffer.readerIndex, as: UInt64.self)
                    else { continue }
                    window.acknowledge(through: handled)
                }
            }
            group.addTask {
                for await _ in wakes {
                    while let batch = self.takeQueue(of: peer, generation) {
                        for (index, message) in batch.enumerated() {
                            do {
                                try await window.reserve(message.count)
                                try await outbound.write(.binary(ByteBuffer(bytes: message)))
                            } catch {
                                self.putBack(batch[index...], for: peer, generation)
                                throw error
                            }
                            self.written(message.count, to: peer, generation)
                        }
                    }
                }
            }
            try await group.next()
            group.cancelAll()
        }
        wake.finish()
    }

    /// Runs `change` on `peer`'s state if it is still the membership
    /// `generation` names; `nil` otherwise.
    @discardableResult
    private func update<T>(_ peer: String, _ generation: Int, _ change: (inout Peer) -> T) -> T? {
        peers.withLock { peers in
            guard var state = peers[peer], state.generation == generation else { return nil }
            defer { peers[peer] = state }
            return change(&state)
        }
    }

    /// Everything queued for `peer`, taken out of its queue to be written;
    /// `nil` when empty. Its bytes count against the bound until written.
    private func takeQueue(of peer: String, _ generation: Int) -> [[UInt8]]? {
        update(peer, generation) { state -> [[UInt8]]? in
            guard !state.queue.isEmpty else { return nil }
            defer { state.queue = [] }
            return state.queue
        } ?? nil
    }

    /// `count` bytes taken for `peer` are written.
    private func written(_ count: Int, to peer: String, _ generation: Int) {
        update(peer, generation) { $0.queuedBytes -= count }
    }

    /// Messages taken for `peer` that its link failed to write go back to
    /// the front of its queue, for the next link.
    private func putBack(_ unwritten: ArraySlice<[UInt8]>, for peer: String, _ generation: Int) {
        update(peer, generation) { $0.queue = Array(unwritten) + $0.queue }
    }

    /// The `ws://` URL of the link endpoint of a node whose base URL is `url`.
    static func linkURL(_ url: String) -> String {
        var base = url
        if base.hasPrefix("https://") { base = "wss://" + base.dropFirst("https://".count) }
        if base.hasPrefix("http://") { base = "ws://" + base.dropFirst("http://".count) }
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }
}
