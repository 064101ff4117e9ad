import Logging
import PostgresNIO

/// The leader's term a commit belongs to: a transaction that carries it
/// first checks, in the database, that its node still leads in that term
/// and that the node's lease runs, and fails if not.
///
/// A leader that lost its lease (it was paused, or cut off from the
/// database) may still have commits in flight, and timers of its old hub
/// may still fire; once a new leader has taken over and restored the
/// sessions, none of those may land. The check takes a share lock on the
/// leader row, which a new leader's takeover (an update of that row) waits
/// for: every old commit lands before the takeover, or fails after it. What
/// a hub sends without storing anything is held back by the node's own
/// count of its lease (``NodeLease``) instead.
struct LeaderFence: Sendable {
    /// The leading node's id.
    var node: String
    /// Its term.
    var term: Int64
    /// The node's lease as the node counts it.
    var lease: NodeLease
    /// The generation of the lease the term began in: the term is over once it is.
    var generation: Int

    /// Whether the node may still send what its hub decided in this term.
    var mayDeliver: Bool { lease.isHeld(generation: generation) }

    /// Checks the fence inside the caller's transaction.
    func check(on connection: PostgresConnection, logger: Logger) async throws {
        let rows = try await connection.query(
            """
            SELECT 1 FROM cluster_leader l JOIN cluster_nodes n ON n.id = l.node
            WHERE l.node = \(node) AND l.term = \(term) AND n.lease_expires_at > now()
            FOR SHARE OF l
            """, logger: logger)
        var held = false
        for try await _ in rows { held = true }
        guard held else { throw LeaderFenceError(node: node, term: term) }
    }
}

/// A commit of a leader whose term is over.
struct LeaderFenceError: Error, CustomStringConvertible {
    var node: String
    var term: Int64

    var description: String { "node \(node) no longer leads the cluster (its term \(term) is over or its lease ran out)" }
}
