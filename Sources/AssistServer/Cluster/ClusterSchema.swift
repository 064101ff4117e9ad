import PostgresNIO

/// The tables through which the nodes of a cluster find their leader and
/// pass connections' mail (``ClusterMail``), applied with the session
/// tables' migrations (``PostgresSessionSchema``).
///
/// `cluster_mail` is `UNLOGGED`: mail lives for milliseconds, between a
/// node's write and its recipient's read, and nothing in it is promised to
/// anyone — a frame a peer sent is acknowledged only once the leader has
/// stored it, and a crash of the database ends every connection anyway.
/// Skipping the write-ahead log makes each mail cheaper to write.
///
/// `cluster_nodes.leading_term` (the second migration) is the term a node
/// leads, written by its heartbeat once it has restored every session and
/// takes connections, and cleared by any other heartbeat: `cluster_leader`
/// names the node that last started a term, not whether it leads it yet or
/// still — a follower follows only a node whose heartbeat says it leads
/// that very term.
enum ClusterSchema {
    /// The first migration's id.
    static let migrationID = "cluster.v1"

    /// The cluster's tables.
    static var tables: [PostgresQuery] {
        [
            """
            CREATE TABLE cluster_nodes (
              id text PRIMARY KEY,
              heartbeat_at timestamptz NOT NULL DEFAULT now())
            """,
            """
            CREATE TABLE cluster_leader (
              singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
              node text NOT NULL,
              term bigint NOT NULL)
            """,
            """
            CREATE UNLOGGED TABLE cluster_mail (
              seq bigserial PRIMARY KEY,
              recipient text NOT NULL,
              sender text NOT NULL,
              link bigint NOT NULL,
              kind smallint NOT NULL,
              body bytea NOT NULL)
            """,
            "CREATE INDEX cluster_mail_by_recipient ON cluster_mail (recipient, seq)",
        ]
    }

    /// The migration that lets a node say which term it leads.
    static let leadingTerm: (id: String, statements: [PostgresQuery]) = (
        "cluster.v2", ["ALTER TABLE cluster_nodes ADD COLUMN leading_term bigint"]
    )
}
