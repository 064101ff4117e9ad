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
            checkpointer = try DatabaseQueue(path: path, configuration: Self.configuration)
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

    /// Copies committed transactions from the WAL into the database file, on
    /// the checkpoint connection, without blocking writers (a passive
    /// checkpoint). Commits never checkpoint by themselves (automatic
    /// checkpoints are off), so the server calls this every
    /// ``checkpointInterval``; the WAL then starts over at the next commit.
    public func checkpoint() throws {
        try checkpointer?.writeWithoutTransaction { db in
            _ = try db.checkpoint(.passive)
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

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
        }
        return configuration
    }

    /// Every migration of every table, in order; `sealer` seals the
    /// session tokens an older server stored in plain text.
    static func migrator(sealer: TokenSealer) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        ShortCodeSchema.register(in: &migrator, sealer: sealer)
        SessionSchema.register(in: &migrator)
        return migrator
    }

    /// The migrations that replace plain tokens of an existing database,
    /// after which ``forgetReplacedSecrets()`` runs.
    static let secretMigrations: Set<String> = [
        ShortCodeSchema.sealedSessionTokens, SessionSchema.hashedResumeTokens, SessionSchema.helloWithoutSessionToken,
    ]
}
