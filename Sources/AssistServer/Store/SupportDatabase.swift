import Foundation
public import GRDB

/// The server's SQLite database: opened in WAL mode, with every table
/// created or migrated before the server accepts a connection.
///
/// Each part of the server that persists something registers its tables in
/// ``migrator(sealer:)``; a migration, once shipped, is never edited — a
/// change is a new migration.
public struct SupportDatabase: Sendable {
    /// The connection everything reads and writes through.
    public let writer: any DatabaseWriter
    /// A connection of its own for WAL checkpoints, so that copying the WAL
    /// into the database file (and its `fsync`) never runs inside a commit
    /// the hub is waiting for; `nil` for an in-memory database.
    private let checkpointer: DatabaseQueue?
    /// Seals short codes' session tokens, with a key kept beside the
    /// database file (``TokenSealer``), never in it.
    let tokenSealer: TokenSealer

    /// Opens (creating if needed) the database at `path`, or an in-memory
    /// database for `":memory:"`, and migrates it.
    ///
    /// A file database is a WAL-mode pool with `synchronous = NORMAL`: a
    /// committed transaction survives a crash or `kill -9` of the server
    /// (not a power loss of the machine), which is what "acked" promises.
    /// Checkpoints are left to ``checkpoint()``.
    public init(path: String) throws {
        if path == ":memory:" {
            writer = try DatabaseQueue(configuration: Self.configuration)
            checkpointer = nil
            tokenSealer = TokenSealer()
        } else {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            writer = try DatabasePool(path: path, configuration: Self.configuration)
            checkpointer = try DatabaseQueue(path: path, configuration: Self.checkpointConfiguration)
            tokenSealer = try TokenSealer(keyFile: path + ".key")
        }
        let migrator = Self.migrator(sealer: tokenSealer)
        let applied = try writer.read { db in try migrator.appliedIdentifiers(db) }
        try migrator.migrate(writer)
        if !applied.isEmpty, !Self.secretMigrations.isSubset(of: applied) {
            try forgetReplacedSecrets()
        }
    }

    /// Rewrites the database without its free pages and empties the WAL,
    /// after a migration replaced plain tokens by their digests: deleted
    /// rows stay in free pages and in the WAL until overwritten, and no
    /// copy of a token may stay in either file.
    private func forgetReplacedSecrets() throws {
        try writer.vacuum()
        try checkpointer?.writeWithoutTransaction { db in
            _ = try db.checkpoint(.truncate)
        }
    }

    /// How often the server checkpoints the WAL (``checkpoint()``).
    public static let checkpointInterval = Duration.seconds(1)

    /// How many pages the WAL may hold after a checkpoint (≈ 4 MB with
    /// 4 KiB pages) before ``checkpoint()`` empties it with a truncating
    /// checkpoint.
    public static let walPageLimit = 1_000

    /// The largest WAL file, in bytes, SQLite keeps after the WAL starts
    /// over (`journal_size_limit`): ``walPageLimit`` frames of 4 KiB pages.
    static let walByteLimit = 32 + walPageLimit * (4_096 + 24)

    /// How long a truncating checkpoint waits for the write lock and for
    /// readers before it gives up until the next ``checkpoint()``: the
    /// longest a commit can be held up by one.
    static let truncateWait: TimeInterval = 0.02

    /// Copies committed transactions from the WAL into the database file, on
    /// the checkpoint connection. Commits never checkpoint by themselves
    /// (automatic checkpoints are off), so the server calls this every
    /// ``checkpointInterval``.
    ///
    /// First a passive checkpoint, which never blocks a commit. The WAL
    /// starts over only when a commit begins while everything in it has been
    /// copied, which a steady stream of commits racing the checkpoint can
    /// put off for ever; so when the WAL still holds more than
    /// ``walPageLimit`` pages, a truncating checkpoint follows: it takes the
    /// write lock (commits wait) for the pages committed since the last
    /// passive one, then empties the WAL file. Two more passive checkpoints
    /// come first, each copying (and syncing) what was committed during the
    /// one before, so little is left to copy under the lock. It waits at most
    /// ``truncateWait`` for the lock and for readers; if it cannot, it gives
    /// up until the next call, having copied what it could.
    public func checkpoint() throws {
        try checkpointer?.writeWithoutTransaction { db in
            let passive = try db.checkpoint(.passive)
            guard passive.walFrameCount > Self.walPageLimit else { return }
            for _ in 0..<2 { _ = try db.checkpoint(.passive) }
            do {
                _ = try db.checkpoint(.truncate)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                return
            }
        }
    }

    /// The default database file: `$XDG_DATA_HOME/assist/assist-server.sqlite`,
    /// or `~/.local/share/assist/assist-server.sqlite`.
    public static func defaultPath(environment: [String: String]) -> String {
        let base: String
        if let dataHome = environment["XDG_DATA_HOME"], !dataHome.isEmpty {
            base = dataHome
        } else {
            base = (environment["HOME"] ?? FileManager.default.currentDirectoryPath) + "/.local/share"
        }
        return base + "/assist/assist-server.sqlite"
    }

    /// How often a connection that finds the database busy tries again.
    static let busyRetryInterval: TimeInterval = 0.000_25

    /// A busy handler that tries again every ``busyRetryInterval`` for up to
    /// `limit` seconds. SQLite's own busy timeout backs off to sleeps of
    /// 25–100 ms, which would hold a commit long after a checkpoint let go
    /// of the write lock.
    static func retrying(for limit: TimeInterval) -> Database.BusyMode {
        let tries = Int(limit / busyRetryInterval)
        return .callback { attempt in
            guard attempt < tries else { return false }
            Thread.sleep(forTimeInterval: busyRetryInterval)
            return true
        }
    }

    /// The connections everything reads and writes through. A commit that
    /// finds the write lock taken by a truncating checkpoint waits for it
    /// (at most ``truncateWait`` plus the checkpoint's copy and `fsync`)
    /// instead of failing. When the WAL starts over, the first commit cuts
    /// the file back to ``walByteLimit``.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = retrying(for: 5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "PRAGMA journal_size_limit = \(walByteLimit)")
        }
        return configuration
    }

    /// The checkpoint connection's: as ``configuration``, but it gives up
    /// on a busy database after ``truncateWait``.
    private static var checkpointConfiguration: Configuration {
        var configuration = Self.configuration
        configuration.busyMode = retrying(for: truncateWait)
        return configuration
    }

    /// Every migration of every table, in order; `sealer` seals the
    /// session tokens an older server stored in plain text.
    static func migrator(sealer: TokenSealer) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        ShortCodeSchema.register(in: &migrator, sealer: sealer)
        SessionSchema.register(in: &migrator)
        AttachmentSchema.register(in: &migrator)
        return migrator
    }

    /// The migrations that replace plain tokens of an existing database,
    /// after which ``forgetReplacedSecrets()`` runs.
    static let secretMigrations: Set<String> = [
        ShortCodeSchema.sealedSessionTokens, SessionSchema.hashedResumeTokens, SessionSchema.helloWithoutSessionToken,
    ]
}
