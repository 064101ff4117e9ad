import PostgresNIO

/// The attachment tables on PostgreSQL, as SQLite has them
/// (``AttachmentSchema``): one of ``PostgresSessionSchema/migrations``.
enum PostgresAttachmentSchema {
    /// The migration that creates the tables.
    static let migration: (id: String, statements: [PostgresQuery]) = (
        "attachments.v1",
        [
            """
            CREATE TABLE attachments (
              id text PRIMARY KEY,
              session_id text NOT NULL REFERENCES sessions ON DELETE CASCADE,
              uploader text NOT NULL,
              name text NOT NULL,
              media_type text NOT NULL,
              size bigint NOT NULL,
              received bigint NOT NULL,
              created_at double precision NOT NULL)
            """,
            "CREATE INDEX attachments_by_session ON attachments (session_id)",
            """
            CREATE TABLE attachment_chunks (
              attachment_id text NOT NULL REFERENCES attachments ON DELETE CASCADE,
              start bigint NOT NULL,
              bytes bytea NOT NULL,
              PRIMARY KEY (attachment_id, start))
            """,
            "ALTER TABLE chat_messages ADD COLUMN attachment text",
        ]
    )
}
