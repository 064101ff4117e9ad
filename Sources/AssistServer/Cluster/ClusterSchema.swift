import PostgresNIO

/// The tables through which the nodes of a cluster find each other and
/// their leader, applied with the session tables' migrations
/// (``PostgresSessionSchema``).
///
/// The first migration also made `cluster_mail`, through which nodes passed
/// connections' mail before they had direct links (``NodeLinks``); the
/// third drops it and adds `cluster_nodes.link_url`, where each node's
/// heartbeat says where its link endpoint is.
///
/// `cluster_nodes.leading_term` (the second migration) is the term a node
/// leads, written by its heartbeat once it has restored every session and
/// takes connections, and cleared by any other heartbeat: `cluster_leader`
/// names the node that last started a term, not whether it leads it yet or
/// still — a follower follows only a node whose heartbeat says it leads
/// that very term.
///
/// The fourth migration gives each node a lease
/// (`cluster_nodes.lease_expires_at`, ``NodeLease``) in place of the time
/// of its last heartbeat: a node is a member while its lease runs, and the
/// lead passes on only once the leader's lease has run out.
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

    /// The migration that moves mail from the database to direct links.
    static let directLinks: (id: String, statements: [PostgresQuery]) = (
        "cluster.v3",
        ["ALTER TABLE cluster_nodes ADD COLUMN link_url text", "DROP TABLE cluster_mail"]
    )

    /// The migration that bounds each node's place by a lease.
    static let nodeLeases: (id: String, statements: [PostgresQuery]) = (
        "cluster.v4",
        [
            "ALTER TABLE cluster_nodes ADD COLUMN lease_expires_at timestamptz NOT NULL DEFAULT now()",
            "ALTER TABLE cluster_nodes DROP COLUMN heartbeat_at",
        ]
    )
}
