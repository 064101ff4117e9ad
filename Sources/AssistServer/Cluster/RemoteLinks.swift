import AssistCore

/// On the cluster's leader: the connections other nodes hold, each a
/// ``PeerLink`` whose frames go back to its node as mail over the link to
/// it (``NodeLinks``), fed to the hub as the node reports them — as
/// ``LinkReader`` feeds the hub this node's own. Mail the link refuses is
/// lost with its connection: the node closes its connections when its
/// links to the leader fail, and the leader counts them gone.
actor RemoteLinks {
    private struct Key: Hashable {
        var node: String
        var link: Int
    }

    private struct Entry {
        var link: PeerLink
        var handshakeSeen = false
    }

    private let hub: SupportHub
    private let post: @Sendable (AddressedMail) -> Bool
    /// This node's id.
    private let node: String
    private var links: [Key: Entry] = [:]

    /// Remote connections fed to `hub`, answered through `post`.
    init(hub: SupportHub, node: String, post: @escaping @Sendable (AddressedMail) -> Bool) {
        self.hub = hub
        self.post = post
        self.node = node
    }

    /// The node `node` is gone: each of its connections is lost.
    func nodeGone(_ node: String) async {
        let gone = links.filter { $0.key.node == node }
        for (key, entry) in gone {
            links[key] = nil
            await hub.disconnected(entry.link)
        }
    }

    /// A frame from a remote connection, in which its node masked `kinds`,
    /// handed to the hub; its first frame also prepares the handshake.
    private func received(_ message: InboundFrame, maskedBefore kinds: [SensitiveDataKind], from key: Key) async {
        guard var entry = links[key] else { return }
        if !entry.handshakeSeen {
            entry.handshakeSeen = true
            links[key] = entry
            await hub.prepareHandshake(message, on: entry.link)
        }
        switch entry.link.role {
        case .consumer: await hub.receivedFromConsumer(message, on: entry.link, maskedBefore: kinds)
        case .agent: await hub.receivedFromAgent(message, on: entry.link, maskedBefore: kinds)
        }
    }

    /// How many remote connections there are.
    var count: Int { links.count }

    /// Handles one piece of mail from another node.
    func deliver(_ mail: AddressedMail) async {
        let key = Key(node: mail.sender, link: mail.link)
        switch mail.mail {
        case .opened(let role, let address):
            let (post, holder, leader, remoteID) = (post, mail.sender, node, mail.link)
            let link = PeerLink(id: PeerLink.nextID(), role: role, address: address) { output in
                _ = post(AddressedMail(recipient: holder, sender: leader, link: remoteID, mail: .write(output)))
            }
            links[key] = Entry(link: link)
            await hub.connected(link)
        case .frame(let message):
            await received(message, maskedBefore: [], from: key)
        case .maskedFrame(let text, let kinds):
            await received(.text(text), maskedBefore: kinds, from: key)
        case .tooLarge(let text, let byteCount):
            guard let entry = links[key] else { return }
            let kind: ProtocolError.Kind = text ? .frameTooLarge(byteCount: byteCount) : .binaryFrameTooLarge(byteCount: byteCount)
            await hub.unreadable(ProtocolError(kind), on: entry.link)
        case .closed:
            guard let entry = links.removeValue(forKey: key) else { return }
            await hub.disconnected(entry.link)
        case .reset:
            await nodeGone(mail.sender)
        case .write:
            return
        }
    }
}
