import PostgresNIO

/// The `short_codes` table on PostgreSQL, in the shape SQLite's migrations
/// (``ShortCodeSchema``) end in: a code's session token only as its SHA-256
/// digest and sealed with a key that is never in the database. No plain
/// token column ever existed here, so nothing needs replacing.
///
/// Its migration is one of ``PostgresSessionSchema/migrations``, applied
/// with the others under the same lock.
enum PostgresShortCodeSchema {
    /// The migration that creates the table.
    static let migration: (id: String, statements: [PostgresQuery]) = (
        "short_codes.v1",
        [
            """
            CREATE TABLE short_codes (
              code text PRIMARY KEY,
              session_token_sha256 bytea NOT NULL UNIQUE,
              session_token_sealed bytea NOT NULL,
              correlation_id text NOT NULL UNIQUE,
              audit_name text,
              created_at double precision NOT NULL,
              expires_at double precision NOT NULL,
              consumer_redeemed_at double precision,
              agent_redeemed_at double precision,
              expiry_counted boolean NOT NULL DEFAULT false)
            """,
            "CREATE INDEX short_codes_by_expiry ON short_codes (expires_at)",
        ]
    )
}
