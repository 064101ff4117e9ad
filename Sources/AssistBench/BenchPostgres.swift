import Foundation

/// A throw-away PostgreSQL 15 server for the cluster benchmark: created in
/// a folder of its own, reachable only through its Unix socket there, with
/// `fsync` on, and one database, `assist`.
///
/// `initdb` refuses to run as root, so under root the folder belongs to the
/// `postgres` user and PostgreSQL's programs run as that user (`runuser`).
struct BenchPostgres {
    /// Where PostgreSQL 15's programs are on Debian.
    private static let binaries = "/usr/lib/postgresql/15/bin"

    /// The folder of the data and the socket.
    let folder: URL
    private let runAs: [String]

    /// The `postgres://` URL of the `assist` database, for `--database`.
    var databaseURL: String { "postgres://postgres@/assist?host=\(folder.path)" }

    /// Creates the cluster under `parent` and starts its server; with
    /// `synchronousCommit` off a commit returns before its WAL is flushed
    /// (PostgreSQL's WAL writer flushes within 200 ms).
    static func start(under parent: URL, synchronousCommit: Bool) throws -> BenchPostgres {
        guard FileManager.default.isExecutableFile(atPath: "\(binaries)/initdb") else {
            throw BenchPostgresError.notInstalled(binaries)
        }
        let folder = parent.appendingPathComponent("postgres")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var runAs: [String] = []
        if getuid() == 0 {
            guard let user = getpwnam("postgres"), chown(folder.path, user.pointee.pw_uid, user.pointee.pw_gid) == 0
            else { throw BenchPostgresError.noPostgresUser }
            runAs = ["/usr/sbin/runuser", "-u", "postgres", "--"]
        }
        let server = BenchPostgres(folder: folder, runAs: runAs)
        let data = folder.appendingPathComponent("data").path
        try server.run(["initdb", "-D", data, "-U", "postgres", "-A", "trust", "--locale=C", "-E", "UTF8"])
        try server.run([
            "pg_ctl", "start", "-D", data, "-w", "-t", "60", "-l", folder.appendingPathComponent("server.log").path,
            "-o",
            "-c listen_addresses='' -k \(folder.path) -c max_connections=200 "
                + "-c synchronous_commit=\(synchronousCommit ? "on" : "off")",
        ])
        try server.run(["createdb", "-h", folder.path, "-U", "postgres", "assist"])
        return server
    }

    /// Stops the server at once; its data is thrown away with its folder.
    func stop() {
        let data = folder.appendingPathComponent("data").path
        try? run(["pg_ctl", "stop", "-D", data, "-m", "immediate", "-w", "-t", "30"])
    }

    /// Runs one of PostgreSQL's programs to its end, its output in `tool.log`.
    /// Spawned with `posix_spawn` and reaped with `waitpid`: Foundation's
    /// `Process` learns of an exit through the main run loop, which does not
    /// turn while this command's async code runs.
    private func run(_ command: [String]) throws {
        let arguments = runAs + ["\(Self.binaries)/\(command[0])"] + command.dropFirst()
        let logPath = folder.appendingPathComponent("tool.log").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environment)
        guard spawned == 0 else {
            throw BenchPostgresError.failed(command[0], status: spawned, log: String(cString: strerror(spawned)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw BenchPostgresError.failed(
                command[0], status: status, log: text.split(separator: "\n").suffix(5).joined(separator: "\n"))
        }
    }
}

/// Why the benchmark's PostgreSQL could not be used.
enum BenchPostgresError: Error, CustomStringConvertible {
    case notInstalled(String)
    case noPostgresUser
    case failed(String, status: Int32, log: String)

    /// One sentence for the terminal.
    var description: String {
        switch self {
        case .notInstalled(let folder): "PostgreSQL 15 is not installed (nothing in \(folder)): run ./build.sh deps"
        case .noPostgresUser: "run as root, the benchmark needs the postgres user to run PostgreSQL: run ./build.sh deps"
        case .failed(let program, let status, let log): "\(program) failed with status \(status); its log ends with:\n\(log)"
        }
    }
}
