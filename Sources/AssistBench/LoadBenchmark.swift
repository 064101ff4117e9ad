import Foundation

/// The server load benchmark: idle sessions and their memory, chat relay
/// latency and CPU through an agent, against the release `assist-server` in
/// a child process; then, with the same pacing, the two echo floors (bare,
/// and committing to SQLite) and Mosquitto as an external peer; all on 127.0.0.1.
enum LoadBenchmark {
    /// The destination the bench agent serves and the sessions ask for.
    private static let destination = "bench"
    /// Descriptors kept free for everything that is not a session's connection.
    private static let spareDescriptors = 200

    /// Runs every phase and returns the figures; always stops the child processes.
    static func run(_ requested: LoadSettings) async throws -> LoadResult {
        guard FileManager.default.isExecutableFile(atPath: requested.mosquittoExecutable.path) else {
            throw LoadBenchmarkError.mosquittoMissing(requested.mosquittoExecutable.path)
        }
        let limit = OpenFileLimit.raiseToHardLimit()
        if limit.wasRaised { Progress.say("raised the open-file limit from \(limit.original) to \(limit.current)") }
        var settings = requested
        settings.sessions = min(requested.sessions, max(limit.current - spareDescriptors, 1))
        settings.relaySessions = min(requested.relaySessions, settings.sessions)
        if settings.sessions < requested.sessions {
            Progress.say(
                "the open-file limit (\(limit.current)) allows only \(settings.sessions) of the \(requested.sessions) sessions")
        }
        let workDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("assist-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workDirectory) }

        let token = UUID().uuidString
        let server = try await startServer(
            settings.serverExecutable, in: workDirectory, token: token, capacity: settings.relaySessions)
        let tally = ConnectionTally()
        let idle: IdleSessions
        let relay: RelayProbe.Outcome
        do {
            Progress.say("opening \(settings.sessions) idle sessions against \(server.url)")
            idle = try await IdleSessions.open(
                settings.sessions, destination: destination, on: server, batchSize: settings.batchSize, tally: tally)
            guard idle.held > 0 else {
                throw LoadBenchmarkError.noSessionsOpened(tally.firstFailure ?? "no welcome arrived")
            }
            relay = try await RelayProbe.run(
                agentServer: server.url, serverProcesses: [server.pid], token: token, consumers: idle.consumers,
                sessionCount: min(settings.relaySessions, idle.held),
                settings: settings, tally: tally)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        await Polling.wait(upTo: .seconds(15)) { tally.ended >= idle.consumers.count }

        let echo = try await EchoProbe.run(
            .bare, connectionCount: relay.sessions, settings: settings, workDirectory: workDirectory)
        let sqliteEcho = try await EchoProbe.run(
            .sqlite, connectionCount: relay.sessions, settings: settings, workDirectory: workDirectory)
        let mosquitto = try await MosquittoProbe.run(
            pairCount: relay.sessions, settings: settings, workDirectory: workDirectory)
        return LoadResult(
            requestedSessions: requested.sessions, attemptedSessions: settings.sessions, openFileLimit: limit,
            sessionsHeld: idle.held, sessionsFailed: tally.failed, firstFailure: tally.firstFailure,
            openingTime: idle.openingTime, sessionsTried: idle.consumers.count, openingTimedOut: idle.timedOut,
            residentBeforeKiB: idle.residentBeforeKiB,
            residentAfterKiB: idle.residentAfterKiB, relaySessions: relay.sessions, relay: relay.sample,
            relayLost: relay.lost, agentDropped: relay.agentDropped, relayCPU: relay.cpu, echo: echo,
            sqliteEcho: sqliteEcho, mosquitto: mosquitto, protocolProblems: tally.protocolProblems, settings: settings)
    }

    /// Writes the agents file (one agent serving ``destination``) and starts the server.
    private static func startServer(
        _ executable: URL, in directory: URL, token: String, capacity: Int
    ) async throws -> ChildProcess {
        let agents: [String: Any] = [
            "agents": [
                ["id": "bench-agent", "name": "Bench agent", "token": token, "capacity": capacity, "destinations": [destination]]
            ]
        ]
        let agentsFile = directory.appendingPathComponent("agents.json")
        try JSONSerialization.data(withJSONObject: agents).write(to: agentsFile)
        return try await ChildProcess.start(
            executable,
            arguments: [
                "--host", "127.0.0.1", "--port", "0",
                "--database", directory.appendingPathComponent("assist.sqlite").path,
                "--agents", agentsFile.path, "--allow-origin", "ws://127.0.0.1", "--log-level", "warning",
            ],
            logFile: directory.appendingPathComponent("assist-server.log"))
    }
}
