import PostgresNIO

/// The `rate_limit_events` table on PostgreSQL, where the nodes of a
/// cluster count short-code rate limits together
/// (``PostgresRateLimitLedger``): one row per counted event — a redemption
/// admitted (a failure unless it was granted) or a code created — of a
/// `kind` by an `address` (a ``RateLimitKey``) at `at` (seconds since
/// 1970, as the other tables keep time).
///
/// The table is `UNLOGGED`: a row lives one window
/// (a minute), and a crash of the database — or a failover to a standby,
/// which gets the table empty — forgives at most that minute's failures,
/// while every attempt writes a row without the cost of the write-ahead
/// log. Its migration is one of ``PostgresSessionSchema/migrations``.
enum PostgresRateLimitSchema {
    /// The migration that creates the table and the index a check reads.
    static let migration: (id: String, statements: [PostgresQuery]) = (
        "rate_limits.v1",
        [
            """
            CREATE UNLOGGED TABLE rate_limit_events (
              id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
              kind text NOT NULL,
              address text NOT NULL,
              at double precision NOT NULL)
            """,
            "CREATE INDEX rate_limit_events_by_key ON rate_limit_events (kind, address, at)",
        ]
    )
}
