import AssistServer
import GRDB

/// The SQLite echo floor's store: the server's own database setup
/// (``SupportDatabase``: WAL, `synchronous = NORMAL`, no automatic
/// checkpoints, its busy handling, checkpoints on a connection of their own)
/// with one table of its own. Frames are committed one at a time, each in a
/// transaction of its own, as the server's hub commits each event before it
/// relays anything.
actor EchoFrameStore {
    private let database: SupportDatabase

    /// Opens (creating if needed) the database at `path` as the server
    /// would, with the server's tables, and adds the frames' table.
    init(path: String) throws {
        database = try SupportDatabase(path: path)
        try database.writer.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS echo_frames (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        }
    }

    /// Commits `text` as a row of its own; returns once it is committed.
    func commit(_ text: String) throws {
        try database.writer.write { db in
            try db.cachedStatement(sql: "INSERT INTO echo_frames (text) VALUES (?)").execute(arguments: [text])
        }
    }

    /// Checkpoints the WAL every ``SupportDatabase/checkpointInterval``, as
    /// the server does, until the task is cancelled. Runs beside the commits.
    nonisolated func checkpointUntilCancelled() async {
        while (try? await Task.sleep(for: SupportDatabase.checkpointInterval)) != nil {
            try? database.checkpoint()
        }
    }
}
