@testable import AssistServer
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// A real PostgreSQL 15 server for the store tests: one per test process,
/// started by the first test that asks for a database, in a folder under
/// `/tmp`, reachable only through its Unix socket, trusting every local
/// user, and stopped when the process exits. Each test gets a database of
/// its own (``freshDatabaseURL()``).
///
/// `initdb` refuses to run as root, so under root the folder belongs to the
/// `postgres` user and PostgreSQL's programs run as that user (`runuser`).
actor ThrowawayPostgres {
    /// The server every test of this process shares.
    static let shared = ThrowawayPostgres()

    /// Where PostgreSQL 15's programs are on Debian.
    private static let binaries = "/usr/lib/postgresql/15/bin"

    /// The data folder of the running server, for the exit handler that stops it.
    private static let runningDataFolder = Mutex<String?>(nil)

    /// The running server's data folder (its tables' files, its WAL), once
    /// it has started: for tests that look for a secret in every file.
    static var dataFolder: String? { runningDataFolder.withLock { $0 } }

    /// The start, shared by every test that waits for it.
    private var start: Task<String, any Error>?

    /// The URL of a new, empty database on the server, which is started first if needed.
    func freshDatabaseURL() async throws -> String {
        let socketFolder = try await socketFolder()
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let logger = Logger(label: "throwaway-postgres")
        let connection = try await PostgresConnection.connect(
            configuration: PostgresConnection.Configuration(
                unixSocketPath: PostgresDatabaseURL.socketPath(
                    directory: socketFolder, port: PostgresDatabaseURL.defaultPort),
                username: "postgres", password: nil, database: "postgres"),
            id: 1, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
        return "postgres://postgres@/\(name)?host=\(socketFolder)"
    }

    /// The folder of the server's socket, once it accepts connections.
    private func socketFolder() async throws -> String {
        if let start { return try await start.value }
        let task = Task { try await Self.startServer() }
        start = task
        return try await task.value
    }

    /// Creates a cluster in a new folder and starts its server; returns the
    /// folder, which also holds the socket.
    private static func startServer() async throws -> String {
        for program in ["initdb", "pg_ctl"] where !FileManager.default.isExecutableFile(atPath: "\(binaries)/\(program)") {
            throw ChildProcess.Failure(
                description: "PostgreSQL 15 is not installed (\(binaries)/\(program) is missing): run ./build.sh deps")
        }
        var template = Array("/tmp/assist-pg-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw ChildProcess.Failure(description: "could not create a folder for PostgreSQL under /tmp")
        }
        let folder = String(cString: created)
        let runAs = try userPrefix(owning: folder)
        let data = folder + "/data"
        try await ChildProcess.runDetached(
            runAs + ["\(binaries)/initdb", "-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "--locale=C", "-E", "UTF8"],
            log: folder + "/initdb.log", timeout: .seconds(120))
        try await ChildProcess.runDetached(
            runAs + [
                "\(binaries)/pg_ctl", "start", "-D", data, "-w", "-t", "60", "-l", folder + "/server.log",
                "-o", "-c listen_addresses='' -k \(folder) -c fsync=off",
            ],
            log: folder + "/pg_ctl.log", timeout: .seconds(90))
        runningDataFolder.withLock { $0 = data }
        atexit { ThrowawayPostgres.stopAtExit() }
        return folder
    }

    /// The command prefix PostgreSQL's programs run under: none for a
    /// normal user; for root, `runuser` to `postgres`, to whom `folder` is
    /// then given.
    private static func userPrefix(owning folder: String) throws -> [String] {
        guard getuid() == 0 else { return [] }
        guard let user = getpwnam("postgres") else {
            throw ChildProcess.Failure(
                description: "tests run as root need the postgres user to run PostgreSQL: run ./build.sh deps")
        }
        guard chown(folder, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
            throw ChildProcess.Failure(description: "could not give \(folder) to the postgres user")
        }
        return ["/usr/sbin/runuser", "-u", "postgres", "--"]
    }

    /// Stops the server at once (no checkpoint: its data is thrown away)
    /// and removes its folder, as the test process exits.
    private static func stopAtExit() {
        guard let data = runningDataFolder.withLock({ $0 }) else { return }
        let folder = (data as NSString).deletingLastPathComponent
        let runAs = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        try? ChildProcess.run(
            runAs + ["\(binaries)/pg_ctl", "stop", "-D", data, "-m", "immediate", "-w", "-t", "30"],
            log: "/dev/null", timeout: .seconds(40))
        try? FileManager.default.removeItem(atPath: folder)
    }
}
