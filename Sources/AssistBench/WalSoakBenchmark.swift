import Foundation

/// The WAL soak: many chats relayed through the release `assist-server`,
/// each one commit, while the database file and its WAL are measured; then
/// `kill -9` and a restart on the same database, timed, to show that a
/// restart does not replay an ever-growing log.
enum WalSoakBenchmark {
    /// The destination the agent serves.
    private static let destination = "soak"

    /// Runs the soak against the server built next to `benchExecutable`.
    static func run(
        benchExecutable: URL, sessions: Int = 50, chats: Int = 12_000, chatsPerSecond: Double = 200
    ) async throws -> WalSoakResult {
        let workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-soak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workDirectory) }
        let settings = LoadSettings(
            sessions: sessions, relaySessions: sessions, benchExecutable: benchExecutable, samples: chats,
            warmUpSamples: 0, samplesPerSecond: chatsPerSecond, batchSize: sessions)
        let token = UUID().uuidString
        let arguments = try serverArguments(in: workDirectory, token: token, capacity: sessions)
        let database = workDirectory.appendingPathComponent("assist.sqlite")
        let logFile = workDirectory.appendingPathComponent("assist-server.log")

        let server = try await ChildProcess.start(settings.serverExecutable, arguments: arguments, logFile: logFile)
        let tally = ConnectionTally()
        let watch = FileSizeWatch(database: database, step: .seconds(10))
        let watching = Task { await watch.run(every: .milliseconds(100)) }
        let relay: RelayProbe.Outcome
        let idle: IdleSessions
        do {
            Progress.say("soak: opening \(sessions) sessions, then relaying \(chats) chats at \(Int(chatsPerSecond))/s")
            idle = try await IdleSessions.open(
                sessions, destination: destination, on: server, batchSize: sessions, tally: tally)
            relay = try await RelayProbe.run(
                agentServer: server.url, serverProcesses: [server.pid], token: token, consumers: idle.consumers,
                sessionCount: idle.held, settings: settings, tally: tally)
            try await Task.sleep(for: .seconds(2))
        } catch {
            watching.cancel()
            await server.stop()
            throw error
        }
        watching.cancel()
        kill(server.pid, SIGKILL)
        await server.stop()
        let atKill = watch.read(at: .zero)
        for consumer in idle.consumers { await consumer.close() }

        let clock = ContinuousClock()
        let restartStart = clock.now
        let restarted = try await ChildProcess.start(settings.serverExecutable, arguments: arguments, logFile: logFile)
        let restartTime = clock.now - restartStart
        await restarted.stop()
        return WalSoakResult(
            sessions: relay.sessions, chats: chats, chatsPerSecond: chatsPerSecond, relay: relay.sample, lost: relay.lost,
            largestWALBytes: watch.largestWALBytes, readings: watch.readings, atKill: atKill, restartTime: restartTime)
    }

    /// Writes the agents file (one agent serving ``destination``) and returns the server's arguments.
    private static func serverArguments(in directory: URL, token: String, capacity: Int) throws -> [String] {
        let agents: [String: Any] = [
            "agents": [["id": "soak-agent", "name": "Soak agent", "token": token, "capacity": capacity, "destinations": [destination]]]
        ]
        let agentsFile = directory.appendingPathComponent("agents.json")
        try JSONSerialization.data(withJSONObject: agents).write(to: agentsFile)
        return [
            "--host", "127.0.0.1", "--port", "0", "--database", directory.appendingPathComponent("assist.sqlite").path,
            "--agents", agentsFile.path, "--allow-origin", "ws://127.0.0.1", "--log-level", "warning",
        ]
    }
}
