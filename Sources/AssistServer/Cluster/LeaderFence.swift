import Logging
import PostgresNIO

/// The leader's term a commit belongs to: a transaction that carries it
/// first checks, in the database, that its node still leads in that term,
/// and fails if not.
///
/// A leader that lost its lease (its connection to the database died, or
/// the node stalled) may still have commits in flight, and timers of its old
/// hub may still fire; once a new leader has taken over and restored the
/// sessions, none of those may land. The check takes a share lock on the
/// leader row, which a new leader's takeover (an update of that row) waits
/// for: every old commit lands before the takeover, or fails after it.
struct LeaderFence: Sendable, Hashable {
    /// The leading node's id.
    var node: String
    /// Its term.
    var term: Int64

    /// Checks the fence inside the caller's transaction.
    func check(on connection: PostgresConnection, logger: Logger) async throws {
        let rows = try await connection.query(
            "SELECT 1 FROM cluster_leader WHERE node = \(node) AND term = \(term) FOR SHARE", logger: logger)
        var held = false
        for try await _ in rows { held = true }
        guard held else { throw LeaderFenceError(node: node, term: term) }
    }
}

/// A commit of a leader whose term is over.
struct LeaderFenceError: Error, CustomStringConvertible {
    var node: String
    var term: Int64

    var description: String { "node \(node) no longer leads the cluster (its term \(term) is over)" }
}
