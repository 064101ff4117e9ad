import AssistCore
import Synchronization

/// On a node that is not the cluster's leader: hands what happens on this
/// node's connections to the leader's hub, as mail through the database, and
/// writes to each connection what the leader decides.
///
/// A forwarder serves one leader for one term; when the leader changes,
/// ``closeAll(_:reason:)`` ends its connections, whose clients resume with
/// the new leader (which restored every session from the database).
final class ClusterForwarder: Sendable {
    /// This node's id.
    let node: String
    /// The leader's node id.
    let leader: String
    /// The leader's term.
    let term: Int64
    private let outbox: MailOutbox
    /// Masks chat text before it goes into the mail (``ChatFrameMasking``).
    private let chatMasker: ChatMasker
    private let links = Mutex<[Int: PeerLink]>([:])

    /// A forwarder to `leader` in `term`, posting through `outbox`, masking
    /// chat text with `chatMasker` before it is posted.
    init(node: String, leader: String, term: Int64, outbox: MailOutbox, chatMasker: ChatMasker) {
        self.node = node
        self.leader = leader
        self.term = term
        self.outbox = outbox
        self.chatMasker = chatMasker
    }

    /// A connection opened on this node.
    func connected(_ link: PeerLink) {
        links.withLock { $0[link.id] = link }
        post(.opened(role: link.role, address: link.address), about: link)
    }

    /// A message arrived on a connection; a chat message goes with its
    /// text masked.
    func received(_ message: InboundFrame, on link: PeerLink) {
        post(ChatFrameMasking.mail(forwarding: message, from: link.role, masker: chatMasker), about: link)
    }

    /// A message too large to read arrived on a connection.
    func unreadable(_ error: ProtocolError, on link: PeerLink) {
        switch error.kind {
        case .frameTooLarge(let byteCount): post(.tooLarge(text: true, byteCount: byteCount), about: link)
        case .binaryFrameTooLarge(let byteCount): post(.tooLarge(text: false, byteCount: byteCount), about: link)
        default: link.close(.protocolError, reason: "unreadable message")
        }
    }

    /// A connection closed.
    func disconnected(_ link: PeerLink) {
        let known = links.withLock { $0.removeValue(forKey: link.id) } != nil
        if known { post(.closed, about: link) }
    }

    /// Writes mail from the leader to its connection. A co-browse frame for
    /// a connection that already has ``PeerLink/maxPendingBinaryFrames``
    /// waiting is dropped, as the hub drops them for its own connections.
    func deliver(_ mail: AddressedMail) {
        guard case .write(let output) = mail.mail, let link = links.withLock({ $0[mail.link] }) else { return }
        switch output {
        case .text(let text): link.send(text)
        case .binary(let bytes): if link.hasRoomForBinaryFrame { link.sendBinary(bytes) }
        case .close(let code, let reason): link.close(code, reason: reason)
        }
    }

    /// Tells the leader to forget every connection this node forwarded
    /// before: the first mail of a new forwarder, so connections whose
    /// `closed` mail was lost (the database was out of reach) do not stay
    /// open in the leader's hub.
    func start() {
        outbox.post(AddressedMail(recipient: leader, sender: node, link: 0, mail: .reset))
    }

    /// Closes every connection with `code` (the term is over) and returns
    /// once each close is written or `timeout` has passed.
    func closeAll(_ code: CloseCode, reason: String, within timeout: Duration) async {
        let all = links.withLock { links in
            defer { links = [:] }
            return Array(links.values)
        }
        for link in all { link.close(code, reason: reason) }
        await waitAtMost(timeout) {
            for link in all { await link.closeWritten() }
        }
    }

    private func post(_ mail: ClusterMail, about link: PeerLink) {
        outbox.post(AddressedMail(recipient: leader, sender: node, link: link.id, mail: mail))
    }
}
