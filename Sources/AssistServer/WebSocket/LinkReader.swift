import AssistCore
import Foundation
import HummingbirdWebSocket
import NIOCore

/// Joins the frames read from one connection into messages and hands them to
/// the hub (or the cluster leader's, ``LinkDestination``), no faster than
/// the connection's ``FrameRateLimiter`` admits.
///
/// A class on purpose: the connection's task waits for its next frame for as
/// long as the connection lives, and every byte of the waiting function's
/// async frame stays allocated meanwhile. Holding the per-connection state
/// here keeps that frame to a reference and the frame iterator, small enough
/// to share the task allocator's slab with Hummingbird's frames instead of
/// taking a slab of its own.
final class LinkReader {
    /// The connection the frames come from.
    let link: PeerLink
    private let destination: LinkDestination
    /// Prices forwarded messages, whose cost the leader's hub cannot report back.
    private var forwardedCost = AcknowledgementCost()
    private var limiter = FrameRateLimiter()
    private var assembler = MessageAssembler()
    /// Whether the connection's first message, its handshake, was read.
    private var handshakeSeen = false

    init(link: PeerLink, destination: LinkDestination) {
        self.link = link
        self.destination = destination
    }

    /// Registers the connection with the hub.
    func start() async {
        switch destination {
        case .hub(let hub): await hub.connected(link)
        case .leader(let forwarder): forwarder.connected(link)
        }
    }

    /// Takes one data frame; a message it completes goes to the hub, after
    /// waiting if the connection is over its rate. `false` once the
    /// connection is closing: read no more.
    func read(_ frame: WebSocketDataFrame) async throws -> Bool {
        if link.isClosing { return false }
        let opcode: MessageAssembler.Opcode =
            switch frame.opcode {
            case .text: .text
            case .binary: .binary
            case .continuation: .continuation
            }
        switch assembler.add(opcode, payload: frame.data.readableBytesView, isFinal: frame.fin) {
        case .incomplete:
            return true
        case .message(let message):
            return try await deliver(message)
        case .tooLarge(let error):
            switch destination {
            case .hub(let hub): await hub.unreadable(error, on: link)
            case .leader(let forwarder): forwarder.unreadable(error, on: link)
            }
            return false
        case .brokenFragmentation:
            link.close(.protocolError, reason: "broken WebSocket fragmentation")
            return false
        }
    }

    private func deliver(_ message: InboundFrame) async throws -> Bool {
        while !limiter.admit(at: .now) {
            try await Task.sleep(for: limiter.timeUntilNextFrame(at: .now))
        }
        let cost: FrameCost
        switch destination {
        case .hub(let hub):
            if !handshakeSeen {
                handshakeSeen = true
                await hub.prepareHandshake(message, on: link)
            }
            cost =
                switch link.role {
                case .consumer: await hub.receivedFromConsumer(message, on: link)
                case .agent: await hub.receivedFromAgent(message, on: link)
                }
        case .leader(let forwarder):
            forwarder.received(message, on: link)
            cost = forwardedCost.cost(of: message)
        }
        if cost == .acknowledgement { limiter.refund() }
        return true
    }

    /// Waits for a close the hub queued to be written, at most
    /// ``closeWriteLimit``, then tells the hub the connection is gone.
    ///
    /// The wait is bounded because a write can stall behind a peer that
    /// stopped reading, and the socket is closed only once this connection's
    /// handler returns: waiting for ever would keep the connection, and a
    /// server shutting down, waiting for ever too.
    func finish() async {
        await closeWritten()
        switch destination {
        case .hub(let hub): await hub.disconnected(link)
        case .leader(let forwarder): forwarder.disconnected(link)
        }
    }

    /// Waits for a close the hub queued or decided to be written, at most
    /// ``closeWriteLimit``, or until the task is cancelled.
    func closeWritten() async {
        await waitAtMost(Self.closeWriteLimit) { [link] in await link.closeWritten() }
    }

    /// How long a connection that is done waits for its close frame to be
    /// written: the WebSocket close timeout.
    static let closeWriteLimit = WebSocketEndpoints.closeTimeout
}
