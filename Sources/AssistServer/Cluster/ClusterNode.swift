import AssistCore
import Foundation
import Logging
import PostgresNIO
import Prometheus
import Synchronization

/// This server's place among the nodes that share one PostgreSQL database.
///
/// One node at a time leads: it holds a session-level advisory lock (its
/// lease) on a connection of its own, and its hub decides for every node.
/// The others follow: they hold connections and forward what happens on
/// them to the leader over a direct link (``NodeLinks``, ``ClusterForwarder``,
/// ``RemoteLinks``). So the queue, agents' capacity and every session have
/// one owner, and a person and an agent on different nodes see what they
/// would see on one. Nodes find each other in `cluster_nodes`, where each
/// one's heartbeat says where its link endpoint is.
///
/// When the leader dies, PostgreSQL ends its connection and frees its lease;
/// within a ``tick`` another node takes it, starts a new term (fencing off
/// the old leader's commits, ``LeaderFence``), restores every session from
/// the database and leads. Followers see the new term and close their
/// connections with 1001, so their clients resume with the new leader; the
/// dead node's own clients reconnect through the load balancer. A follower
/// whose links to the leader are not both up takes no connections and
/// closes those it forwarded, the same way. A node that cannot reach the
/// database stops taking connections (``isReady``) until it can again.
final class ClusterNode: Sendable {
    /// What the node does now.
    private enum Role {
        /// Learning who leads, or cut off from the database: no new connections.
        case unavailable
        /// Forwarding to the leader.
        case follower(ClusterForwarder)
        /// Leading, with the hub of this term.
        case leader(term: Int64, hub: SupportHub, remote: RemoteLinks)
    }

    /// How often a node renews its heartbeat, tries for the lease, and learns the leader.
    static let tick = Duration.seconds(1)
    /// How long a node's heartbeat may be old before the leader counts it gone.
    static let nodeTimeoutSeconds = 5
    /// The advisory lock the leader holds (the ASCII of "assistld").
    static let leaseKey = 0x6173_7369_7374_6c64
    /// How long one database step of the node may take before the node
    /// counts the database out of reach (``withinDeadline(_:_:)``).
    static let stepLimit = Duration.seconds(3)
    /// How long connections get to see their 1001 when the node stops leading or following.
    static let closeTimeout = Duration.seconds(2)
    /// How long a role stands without the node's loop confirming it against
    /// the database: a tick and one step's limit. Past it the node is not
    /// ready, even while a step still waits for its deadline.
    static let confirmationWindow = tick + stepLimit

    /// This node's id: unique per process start, letters and digits only.
    let id: String
    private let client: PostgresClient
    /// The direct links to the other nodes, whose endpoint the server serves.
    let links: NodeLinks
    /// Where the other nodes reach this one's link endpoint, once known.
    private let linkURL: Mutex<String?>
    private let makeHub: @Sendable (LeaderFence) -> SupportHub
    /// What a follower masks in chat before forwarding it to the leader.
    private let chatMasker: ChatMasker
    private let logger: Logger
    private let metrics: ServerMetrics
    private let role = Mutex<Role>(.unavailable)
    /// When the node's loop last confirmed its role against the database.
    private let confirmedAt = Mutex<ContinuousClock.Instant?>(nil)
    /// The node is shutting down: it takes no role any more.
    private let stopped = Atomic<Bool>(false)

    /// A node on `client`'s database; `makeHub` makes the hub of a term it
    /// leads, and `chatMasker` masks chat the node forwards while it follows.
    /// Its links prove themselves with `credential`; the other nodes reach
    /// it at `linkURL`, or, when that is `nil`, at the URL the server
    /// listens on (``listening(at:)``).
    init(
        client: PostgresClient, metrics: ServerMetrics, logger: Logger, chatMasker: ChatMasker,
        credential: NodeLinkCredential, linkURL: String?,
        makeHub: @escaping @Sendable (LeaderFence) -> SupportHub
    ) {
        self.chatMasker = chatMasker
        self.metrics = metrics
        let id = "n" + UUID().uuidString.lowercased().filter { $0.isHexDigit }.prefix(16)
        self.id = id
        self.client = client
        self.linkURL = Mutex(linkURL)
        let door = MailDoor()
        links = NodeLinks(node: id, credential: credential, logger: logger) { sender, wire in
            await door.deliver(wire, from: sender)
        }
        self.makeHub = makeHub
        self.logger = logger
        door.open(to: self)
    }

    /// The server listens at `url`: the other nodes reach this one there,
    /// unless the node was given a URL of its own.
    func listening(at url: String) {
        linkURL.withLock { if $0 == nil { $0 = url } }
    }

    /// Whether the node takes new connections: it leads or follows a
    /// leader, and its loop confirmed that against the database within
    /// ``confirmationWindow``. A role the loop has not confirmed lately may be
    /// stale — after the database came back, a step that was under way when
    /// it went may still be waiting for its deadline, and the leader it
    /// names may have been replaced — so connections are not taken on it.
    var isReady: Bool {
        let available = role.withLock { if case .unavailable = $0 { false } else { true } }
        guard available, let confirmed = confirmedAt.withLock({ $0 }) else { return false }
        return ContinuousClock.now - confirmed <= Self.confirmationWindow
    }

    /// The loop found its role right against the database just now.
    private func confirmRole() {
        confirmedAt.withLock { $0 = ContinuousClock.now }
    }

    /// Whether the node leads the cluster now.
    var isLeader: Bool {
        role.withLock { if case .leader = $0 { true } else { false } }
    }

    /// Where a connection opening now goes; `nil` while the node is unavailable.
    func destination() -> LinkDestination? {
        role.withLock { role in
            switch role {
            case .unavailable: nil
            case .follower(let forwarder): .leader(forwarder)
            case .leader(_, let hub, _): .hub(hub)
            }
        }
    }

    /// The hub of the term the node leads, if it leads.
    var leadingHub: SupportHub? {
        role.withLock { if case .leader(_, let hub, _) = $0 { hub } else { nil } }
    }

    /// Takes part in the cluster until the task is cancelled: every
    /// ``tick`` renews its heartbeat, links to the other nodes, and leads or follows.
    func run() async {
        await takePart()
        links.stop()
    }

    /// Closes every connection with 1001 (a shutdown), stops leading or
    /// following for good, and leaves the cluster's list of nodes.
    func goAway(within timeout: Duration) async {
        stopped.store(true, ordering: .relaxed)
        await step(to: .unavailable, within: timeout)
        links.stop()
        _ = try? await client.query("DELETE FROM cluster_nodes WHERE id = \(id)", logger: logger)
    }

    // MARK: Mail

    /// Mail that came over the link from `sender`: for the leader's hub, or
    /// writes for a connection this node forwards.
    fileprivate func route(_ wire: [UInt8], from sender: String) async {
        guard let mail = AddressedMail(wire: wire, sender: sender, recipient: id) else {
            logger.error("unreadable mail from another node", metadata: ["sender": "\(sender)"])
            return
        }
        switch role.withLock({ $0 }) {
        case .follower(let forwarder):
            if case .write = mail.mail { forwarder.deliver(mail) }
        case .leader(_, _, let remote):
            if case .write = mail.mail { return }
            await remote.deliver(mail)
        case .unavailable:
            return
        }
    }

    /// Queues mail on the link to its recipient; `false` when the link refuses it.
    private var postOverLinks: @Sendable (AddressedMail) -> Bool {
        { [links] mail in links.send(mail.wire, to: mail.recipient) == .queued }
    }

    // MARK: Leading and following

    /// The node's loop: on a connection of its own, tries for the lease each
    /// tick and follows meanwhile; once it holds the lease, leads until that
    /// connection fails. Any failure makes the node unavailable until the
    /// next try succeeds.
    private func takePart() async {
        while !Task.isCancelled, !stopped.load(ordering: .relaxed) {
            do {
                try await client.withConnection { connection in
                    while !Task.isCancelled, !stopped.load(ordering: .relaxed) {
                        try await heartbeat()
                        if try await tryLease(on: connection) {
                            try await lead(on: connection)
                            return
                        }
                        try await withinDeadline(Self.stepLimit) { try await self.follow() }
                        confirmRole()
                        try await Task.sleep(for: Self.tick)
                    }
                }
            } catch {
                if !Task.isCancelled {
                    logger.error("lost the cluster's database; taking no connections", metadata: ["error": "\(error)"])
                }
            }
            await step(to: .unavailable, within: Self.closeTimeout)
            guard (try? await Task.sleep(for: Self.tick)) != nil else { return }
        }
    }

    /// Says the node is alive, where its link endpoint is, and which term it
    /// leads, `nil` while it does not lead (yet): followers follow only a
    /// leader that says it leads. Then links to every node whose heartbeat
    /// is fresh.
    private func heartbeat(leading term: Int64? = nil) async throws {
        let (client, id, logger, links) = (client, id, logger, links)
        let url = linkURL.withLock { $0 }
        try await withinDeadline(Self.stepLimit) {
            try await client.query(
                """
                INSERT INTO cluster_nodes (id, leading_term, link_url) VALUES (\(id), \(term), \(url))
                ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), leading_term = excluded.leading_term,
                  link_url = excluded.link_url
                """, logger: logger)
            let rows = try await client.query(
                """
                SELECT id, link_url FROM cluster_nodes
                WHERE heartbeat_at >= now() - make_interval(secs => \(Self.nodeTimeoutSeconds)) AND link_url IS NOT NULL
                """, logger: logger)
            var members: [String: String] = [:]
            for try await (member, url) in rows.decode((String, String).self) where member != id { members[member] = url }
            links.setMembers(members)
        }
    }

    private func tryLease(on connection: PostgresConnection) async throws -> Bool {
        let logger = logger
        return try await withinDeadline(Self.stepLimit) {
            let rows = try await connection.query("SELECT pg_try_advisory_lock(\(Self.leaseKey))", logger: logger)
            for try await acquired in rows.decode(Bool.self) { return acquired }
            return false
        }
    }

    /// Leads while `connection`, which holds the lease, answers; gives the
    /// lease back when it stops leading for any other reason.
    private func lead(on connection: PostgresConnection) async throws {
        do {
            let term = try await withinDeadline(Self.stepLimit) { try await self.startTerm() }
            let fence = LeaderFence(node: id, term: term)
            let hub = makeHub(fence)
            try await hub.restore()
            let remote = RemoteLinks(hub: hub, node: id, post: postOverLinks)
            await step(to: .leader(term: term, hub: hub, remote: remote), within: Self.closeTimeout)
            try await heartbeat(leading: term)
            confirmRole()
            logger.notice("leading the cluster", metadata: ["node": "\(id)", "term": "\(term)"])
            let logger = logger
            while true {
                try await Task.sleep(for: Self.tick)
                try await withinDeadline(Self.stepLimit) { try await connection.query("SELECT 1", logger: logger) }
                try await heartbeat(leading: term)
                confirmRole()
                try await withinDeadline(Self.stepLimit) { try await self.reapGoneNodes(remote: remote) }
            }
        } catch {
            await step(to: .unavailable, within: Self.closeTimeout)
            let logger = logger
            _ = try? await withinDeadline(Self.stepLimit) {
                try await connection.query("SELECT pg_advisory_unlock(\(Self.leaseKey))", logger: logger)
            }
            throw error
        }
    }

    /// Records this node as the leader of a new term; the update waits for
    /// the old leader's commits in flight (``LeaderFence``).
    private func startTerm() async throws -> Int64 {
        let rows = try await client.query(
            """
            INSERT INTO cluster_leader (node, term) VALUES (\(id), 1)
            ON CONFLICT (singleton) DO UPDATE SET node = excluded.node, term = cluster_leader.term + 1
            RETURNING term
            """, logger: logger)
        for try await term in rows.decode(Int64.self) { return term }
        throw LeaderFenceError(node: id, term: 0)
    }

    /// Forgets nodes whose heartbeat stopped: their connections are lost
    /// (their sessions' grace periods start), their mail is dropped.
    private func reapGoneNodes(remote: RemoteLinks) async throws {
        let rows = try await client.query(
            """
            DELETE FROM cluster_nodes WHERE heartbeat_at < now() - make_interval(secs => \(Self.nodeTimeoutSeconds))
            RETURNING id
            """, logger: logger)
        var gone: [String] = []
        for try await node in rows.decode(String.self) { gone.append(node) }
        for node in gone {
            logger.warning("a cluster node stopped; its connections are lost", metadata: ["gone": "\(node)"])
            await remote.nodeGone(node)
        }
    }

    /// Follows the leader the database names, if its heartbeat is fresh and
    /// says it leads that term — not while it still restores the sessions,
    /// nor after it stopped leading, when mail forwarded to it would be
    /// dropped: a new leader or term ends the connections forwarded to the old one.
    private func follow() async throws {
        let rows = try await client.query(
            """
            SELECT l.node, l.term FROM cluster_leader l JOIN cluster_nodes n ON n.id = l.node
            WHERE n.heartbeat_at >= now() - make_interval(secs => \(Self.nodeTimeoutSeconds))
              AND n.leading_term = l.term
            """, logger: logger)
        var leader: (node: String, term: Int64)?
        for try await (node, term) in rows.decode((String, Int64).self) { leader = (node, term) }
        guard let leader, leader.node != id, links.isLinkedBothWays(with: leader.node) else {
            if let leader, leader.node != id, case .follower = role.withLock({ $0 }) {
                logger.warning("the links with the cluster's leader are down", metadata: ["leader": "\(leader.node)"])
            }
            await step(to: .unavailable, within: Self.closeTimeout)
            return
        }
        let following = role.withLock { role -> Bool in
            if case .follower(let forwarder) = role { forwarder.leader == leader.node && forwarder.term == leader.term } else { false }
        }
        guard !following else { return }
        let forwarder = ClusterForwarder(
            node: id, leader: leader.node, term: leader.term, chatMasker: chatMasker, post: postOverLinks)
        forwarder.start()
        await step(to: .follower(forwarder), within: Self.closeTimeout)
        logger.info("following the cluster's leader", metadata: ["leader": "\(leader.node)", "term": "\(leader.term)"])
    }

    /// Takes `next` as the node's role, ending the previous one: a
    /// follower's connections are closed with 1001, a leader's hub retires.
    /// Once the node is stopped, only `.unavailable` is taken: a hub made
    /// meanwhile retires at once.
    private func step(to next: Role, within timeout: Duration) async {
        let stopped = stopped.load(ordering: .relaxed)
        let (previous, refused) = role.withLock { role -> (Role, Role?) in
            let previous = role
            if stopped {
                role = .unavailable
                return (previous, next)
            }
            role = next
            return (previous, nil)
        }
        if case .leader = next, refused == nil { metrics.leading.set(1.0) } else { metrics.leading.set(0.0) }
        for ended in [previous, refused].compactMap({ $0 }) {
            switch ended {
            case .unavailable:
                break
            case .follower(let forwarder):
                await forwarder.closeAll(.goingAway, reason: "the cluster's leader changed", within: timeout)
            case .leader(_, let hub, _):
                await hub.retire(within: timeout)
            }
        }
    }
}

/// Hands what the links bring to the node, which the links are made before.
private final class MailDoor: Sendable {
    private let node = Mutex<ClusterNode?>(nil)

    func open(to node: ClusterNode) {
        self.node.withLock { $0 = node }
    }

    func deliver(_ wire: [UInt8], from sender: String) async {
        await node.withLock { $0 }?.route(wire, from: sender)
    }
}
