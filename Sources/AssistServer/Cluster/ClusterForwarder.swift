import AssistCore
import Synchronization

/// On a node that is not the cluster's leader: hands what happens on this
/// node's connections to the leader's hub, as mail over the direct link to
/// it (``NodeLinks``), and writes to each connection what the leader decides.
///
/// A forwarder serves one leader for one term; when the leader changes or a
/// link to it breaks, ``closeAll(_:reason:within:)`` ends its connections,
/// whose clients resume (the new leader restored every session from the
/// database). A connection whose mail the link refuses (its queue to the
/// leader is full) is closed with 1011 the same way: its client resumes
/// from what the leader stored, so nothing it sent is half-handled.
final class ClusterForwarder: Sendable {
    /// This node's id.
    let node: String
    /// The leader's node id.
    let leader: String
    /// The leader's term.
    let term: Int64
    /// Queues mail on the link to the leader; `false` when the link refuses it.
    private let post: @Sendable (AddressedMail) -> Bool
    /// Masks chat text before it goes into the mail (``ChatFrameMasking``).
    private let chatMasker: ChatMasker
    private let links = Mutex<[Int: PeerLink]>([:])

    /// A forwarder to `leader` in `term`, posting through `post`, masking
    /// chat text with `chatMasker` before it is posted.
    init(
        node: String, leader: String, term: Int64, chatMasker: ChatMasker,
        post: @escaping @Sendable (AddressedMail) -> Bool
    ) {
        self.node = node
        self.leader = leader
        self.term = term
        self.post = post
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
        _ = post(AddressedMail(recipient: leader, sender: node, link: 0, mail: .reset))
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
        guard !post(AddressedMail(recipient: leader, sender: node, link: link.id, mail: mail)) else { return }
        guard links.withLock({ $0.removeValue(forKey: link.id) }) != nil else { return }
        link.close(.internalError, reason: "the cluster's leader cannot be reached")
    }
}
