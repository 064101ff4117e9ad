import AssistCore
import Foundation
import Logging
import PostgresNIO
import Prometheus
import Synchronization

/// This server's place among the nodes that share one PostgreSQL database.
///
/// One node at a time leads: `cluster_leader` names it and its term, and
/// its hub decides for every node.
/// The others follow: they hold connections and forward what happens on
/// them to the leader over a direct link (``NodeLinks``, ``ClusterForwarder``,
/// ``RemoteLinks``). So the queue, agents' capacity and every session have
/// one owner, and a person and an agent on different nodes see what they
/// would see on one. Nodes find each other in `cluster_nodes`, where each
/// one's heartbeat says where its link endpoint is and renews its lease
/// (``NodeLease``): a node acts — leads, follows, sends — only while it
/// holds its lease, by its own count, which ends before the database's.
///
/// When the leader dies, is paused or is cut off from the database, its
/// lease runs out; within a ``tick`` of that another node takes the lead,
/// starts a new term (fencing off the old leader's commits,
/// ``LeaderFence``), restores every session from the database and leads.
/// The old leader, if it still runs, has stopped by then: it retires its
/// hub when its own count of the lease ends, and what its hub would still
/// send is held back (``CommitPipeline``). Followers see the new term and close their
/// connections with 1001, so their clients resume with the new leader; the
/// dead node's own clients reconnect through the load balancer. A follower
/// whose links to the leader are not both up takes no connections and
/// closes those it forwarded, the same way. A node that cannot reach the
/// database stops taking connections (``isReady``) once its lease ends, and
/// rejoins by itself when it can again.
final class ClusterNode: Sendable {
    /// What the node does now.
    private enum Role {
        /// Learning who leads, or cut off from the database: no new connections.
        case unavailable
        /// Forwarding to the leader.
        case follower(ClusterForwarder)
        /// Leading, with the hub of this term, begun under this generation of the lease.
        case leader(term: Int64, generation: Int, hub: SupportHub, remote: RemoteLinks)
    }

    /// How often a node renews its lease, tries for the lead, and learns the leader.
    static let tick = Duration.seconds(1)
    /// How long one database step of the node may take before the node
    /// counts the database out of reach (``withinDeadline(_:_:)``).
    static let stepLimit = Duration.seconds(3)
    /// How long connections get to see their 1001 when the node stops leading or following.
    static let closeTimeout = Duration.seconds(2)
    /// How long after its lease ran out the leader forgets a node, its
    /// connections counted lost.
    static let goneAfterSeconds = 1

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
    /// The node's lease, as it counts it.
    private let lease = NodeLease()
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
    /// leader, and holds its lease. A role held past the lease may be stale
    /// — after the database came back, a step that was under way when it
    /// went may still be waiting for its deadline, and the leader it names
    /// may have been replaced — so connections are not taken on it.
    var isReady: Bool {
        let available = role.withLock { if case .unavailable = $0 { false } else { true } }
        return available && lease.isHeld
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
            case .leader(_, _, let hub, _): .hub(hub)
            }
        }
    }

    /// The hub of the term the node leads, if it leads.
    var leadingHub: SupportHub? {
        role.withLock { if case .leader(_, _, let hub, _) = $0 { hub } else { nil } }
    }

    /// Takes part in the cluster until the task is cancelled: every
    /// ``tick`` renews its lease, links to the other nodes, and leads or
    /// follows; meanwhile it watches its lease run out.
    func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.keepLease() }
            group.addTask { await self.watchLease() }
            await takePart()
            group.cancelAll()
        }
        links.stop()
    }

    /// Closes every connection with 1001 (a shutdown), stops leading or
    /// following for good, and leaves the cluster's list of nodes, which
    /// ends its lease at once: another node may take the lead without
    /// waiting for it to run out.
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
        case .leader(_, _, _, let remote):
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

    // MARK: The lease

    /// Renews the lease every ``tick`` — or joins again once it ran out —
    /// until the task is cancelled or the node stops.
    private func keepLease() async {
        var failing = false
        while !Task.isCancelled, !stopped.load(ordering: .relaxed) {
            do {
                try await renewLease()
                failing = false
            } catch {
                if !failing, !Task.isCancelled {
                    logger.warning("could not renew this node's lease", metadata: ["error": "\(error)"])
                }
                failing = true
            }
            guard (try? await Task.sleep(for: Self.tick)) != nil else { return }
        }
    }

    /// Ends whatever the node does the moment its own count of the lease
    /// runs out, even while its loops still wait for the database: from
    /// then on another node may take over.
    private func watchLease() async {
        while !Task.isCancelled {
            let wait = lease.remaining.map { max($0, .milliseconds(10)) } ?? Self.tick
            guard (try? await Task.sleep(for: wait)) != nil else { return }
            if !lease.isHeld { await stopActing(because: "its count ran out before a renewal came back") }
        }
    }

    /// The lease ran out, for `reason`: if the node was leading or
    /// following, it stops, counted once in `assist_cluster_lease_lapses_total`.
    private func stopActing(because reason: String) async {
        let acting = role.withLock { if case .unavailable = $0 { false } else { true } }
        guard acting else { return }
        metrics.leaseLapses.increment()
        logger.error(
            "this node's lease ran out (\(reason)); taking no connections until it joins again", metadata: ["node": "\(id)"])
        await step(to: .unavailable, within: Self.closeTimeout)
    }

    /// Renews the lease and says where the node's link endpoint is and
    /// which term it leads (`nil` while it does not lead, yet: followers
    /// follow only a leader that says it leads), then links to every node
    /// whose lease runs. A lease that ran out is not renewed: the node
    /// stops whatever it does, then joins again as a new generation.
    private func renewLease() async throws {
        let (client, id, logger, lease) = (client, id, logger, lease)
        let url = linkURL.withLock { $0 }
        let term: Int64? = role.withLock { if case .leader(let term, _, _, _) = $0 { term } else { nil } }
        let seconds = Double(NodeLease.duration.components.seconds)
        let sentAt = lease.currentInstant
        if let generation = lease.heldGeneration {
            let renewed = try await withinDeadline(Self.stepLimit) {
                let rows = try await client.query(
                    """
                    UPDATE cluster_nodes SET lease_expires_at = now() + make_interval(secs => \(seconds)),
                      leading_term = \(term), link_url = \(url)
                    WHERE id = \(id) AND lease_expires_at > now()
                    RETURNING 1
                    """, logger: logger)
                for try await _ in rows { return true }
                return false
            }
            guard renewed, lease.renewed(sentAt: sentAt, generation: generation) else {
                lease.lapse()
                await stopActing(because: renewed ? "the renewal came back too late" : "the database says so")
                return
            }
        } else {
            await step(to: .unavailable, within: Self.closeTimeout)
            guard !stopped.load(ordering: .relaxed) else { return }
            try await withinDeadline(Self.stepLimit) {
                try await client.query(
                    """
                    INSERT INTO cluster_nodes (id, leading_term, link_url, lease_expires_at)
                    VALUES (\(id), NULL, \(url), now() + make_interval(secs => \(seconds)))
                    ON CONFLICT (id) DO UPDATE SET leading_term = NULL, link_url = excluded.link_url,
                      lease_expires_at = excluded.lease_expires_at
                    """, logger: logger)
            }
            let generation = lease.joined(sentAt: sentAt)
            logger.notice("joined the cluster", metadata: ["node": "\(id)", "generation": "\(generation)"])
        }
        try await withinDeadline(Self.stepLimit) {
            let rows = try await client.query(
                "SELECT id, link_url FROM cluster_nodes WHERE lease_expires_at > now() AND link_url IS NOT NULL",
                logger: logger)
            var members: [String: String] = [:]
            for try await (member, url) in rows.decode((String, String).self) where member != id { members[member] = url }
            self.links.setMembers(members)
        }
    }

    // MARK: Leading and following

    /// The node's loop: each tick, while it holds its lease, tries for the
    /// lead and follows meanwhile; once it has the lead, leads until
    /// something fails. Any failure makes the node unavailable until the
    /// next try succeeds.
    private func takePart() async {
        while !Task.isCancelled, !stopped.load(ordering: .relaxed) {
            do {
                if let generation = lease.heldGeneration {
                    if let term = try await withinDeadline(Self.stepLimit, { try await self.takeTheLead() }) {
                        try await lead(term: term, generation: generation)
                    } else {
                        try await withinDeadline(Self.stepLimit) { try await self.follow() }
                    }
                }
            } catch is NodeLeaseLapsed {
                // The lease's keeper or watcher said so, and ended the role.
                await step(to: .unavailable, within: Self.closeTimeout)
            } catch {
                if !Task.isCancelled {
                    logger.error("lost the cluster's database; taking no connections", metadata: ["error": "\(error)"])
                }
                await step(to: .unavailable, within: Self.closeTimeout)
            }
            guard (try? await Task.sleep(for: Self.tick)) != nil else { return }
        }
    }

    /// Starts a new term led by this node when no node whose lease runs
    /// leads (or this node itself is named, not leading any more); the
    /// update waits for the old leader's commits in flight
    /// (``LeaderFence``). Returns the term, or `nil` when another node leads.
    private func takeTheLead() async throws -> Int64? {
        let rows = try await client.query(
            """
            INSERT INTO cluster_leader (node, term) VALUES (\(id), 1)
            ON CONFLICT (singleton) DO UPDATE SET node = excluded.node, term = cluster_leader.term + 1
            WHERE cluster_leader.node = excluded.node OR NOT EXISTS (
              SELECT 1 FROM cluster_nodes n WHERE n.id = cluster_leader.node AND n.lease_expires_at > now())
            RETURNING term
            """, logger: logger)
        for try await term in rows.decode(Int64.self) { return term }
        return nil
    }

    /// Leads in `term`, begun under `generation` of the lease, while the
    /// hub of the term is the node's role: until the lease runs out, or a
    /// step fails.
    private func lead(term: Int64, generation: Int) async throws {
        let fence = LeaderFence(node: id, term: term, lease: lease, generation: generation)
        let hub = makeHub(fence)
        try await hub.restore()
        let remote = RemoteLinks(hub: hub, node: id, post: postOverLinks)
        await step(to: .leader(term: term, generation: generation, hub: hub, remote: remote), within: Self.closeTimeout)
        let (client, id, logger) = (client, id, logger)
        do {
            guard leads(with: hub) else { throw NodeLeaseLapsed() }
            try await withinDeadline(Self.stepLimit) {
                try await client.query("UPDATE cluster_nodes SET leading_term = \(term) WHERE id = \(id)", logger: logger)
            }
            logger.notice("leading the cluster", metadata: ["node": "\(id)", "term": "\(term)"])
            while true {
                try await Task.sleep(for: Self.tick)
                guard leads(with: hub) else { throw NodeLeaseLapsed() }
                try await withinDeadline(Self.stepLimit) { try await self.reapGoneNodes(remote: remote) }
            }
        } catch {
            await step(to: .unavailable, within: Self.closeTimeout)
            throw error
        }
    }

    /// Whether `hub` is still the hub the node leads with (its lease ran
    /// out, and the watcher ended the role, if not).
    private func leads(with hub: SupportHub) -> Bool {
        role.withLock { if case .leader(_, _, let current, _) = $0 { current === hub } else { false } }
    }

    /// Forgets nodes whose lease ran out a while ago: their connections are
    /// lost (their sessions' grace periods start), their mail is dropped.
    private func reapGoneNodes(remote: RemoteLinks) async throws {
        let rows = try await client.query(
            """
            DELETE FROM cluster_nodes
            WHERE lease_expires_at < now() - make_interval(secs => \(Self.goneAfterSeconds))
            RETURNING id
            """, logger: logger)
        var gone: [String] = []
        for try await node in rows.decode(String.self) { gone.append(node) }
        for node in gone {
            logger.warning("a cluster node stopped; its connections are lost", metadata: ["gone": "\(node)"])
            await remote.nodeGone(node)
        }
    }

    /// Follows the leader the database names, if its lease runs and its
    /// heartbeat says it leads that term — not while it still restores the
    /// sessions, nor after it stopped leading, when mail forwarded to it
    /// would be dropped: a new leader or term ends the connections
    /// forwarded to the old one.
    private func follow() async throws {
        let rows = try await client.query(
            """
            SELECT l.node, l.term FROM cluster_leader l JOIN cluster_nodes n ON n.id = l.node
            WHERE n.lease_expires_at > now() AND n.leading_term = l.term
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

    /// Whether the node may take `role` now: leading only under the
    /// generation of the lease the term began in, following only while it
    /// holds a lease at all.
    private static func mayTake(_ role: Role, lease: NodeLease) -> Bool {
        switch role {
        case .unavailable: true
        case .follower: lease.isHeld
        case .leader(_, let generation, _, _): lease.isHeld(generation: generation)
        }
    }

    /// Takes `next` as the node's role, ending the previous one: a
    /// follower's connections are closed with 1001, a leader's hub retires.
    /// Once the node is stopped, only `.unavailable` is taken, and a role
    /// the lease does not cover (``mayTake(_:lease:)``) is refused: a hub
    /// made meanwhile retires at once.
    private func step(to next: Role, within timeout: Duration) async {
        let stopped = stopped.load(ordering: .relaxed)
        let lease = lease
        let (previous, refused) = role.withLock { role -> (Role, Role?) in
            let previous = role
            if stopped || !Self.mayTake(next, lease: lease) {
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
            case .leader(_, _, let hub, _):
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

/// The node's lease ran out before it was renewed.
struct NodeLeaseLapsed: Error, CustomStringConvertible {
    var description: String { "this node's lease ran out before it was renewed" }
}
