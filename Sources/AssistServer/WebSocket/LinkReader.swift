import AssistCore
import Foundation
import HummingbirdWebSocket
import NIOCore

/// Hands the frames read from one connection to the hub, no faster than the
/// connection's ``FrameRateLimiter`` admits.
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
    private let hub: SupportHub
    private var limiter = FrameRateLimiter()

    init(link: PeerLink, hub: SupportHub) {
        self.link = link
        self.hub = hub
    }

    /// Registers the connection with the hub.
    func start() async {
        await hub.connected(link)
    }

    /// Hands one message to the hub, after waiting if the connection is over
    /// its rate. `false` once the hub has closed the link: read no more.
    func read(_ message: WebSocketMessage) async throws -> Bool {
        if link.isClosing { return false }
        while !limiter.admit(at: .now) {
            try await Task.sleep(for: limiter.timeUntilNextFrame(at: .now))
        }
        let frame: InboundFrame =
            switch message {
            case .text(let text): .text(Data(text.utf8))
            case .binary(let buffer): .binary(Data(buffer.readableBytesView))
            }
        switch link.role {
        case .consumer: await hub.receivedFromConsumer(frame, on: link)
        case .agent: await hub.receivedFromAgent(frame, on: link)
        }
        return true
    }

    /// Waits for a close the hub queued to be written, then tells the hub
    /// the connection is gone.
    func finish() async {
        await link.closeWritten()
        await hub.disconnected(link)
    }
}
