import Foundation

/// The cluster benchmark: two release `assist-server` nodes on one
/// throw-away PostgreSQL, driven directly (no load balancer, so that the
/// figures are the nodes'), with the load benchmark's pacing:
///
/// 1. chat relay with consumers and agent on the leader; with consumers on
///    the follower and the agent on the leader; and the other way round;
/// 2. idle memory per session on the node a session is connected to, and
///    on the leader for a session connected to the follower;
/// 3. `kill -9` of the follower, then (a new follower having joined) of the
///    leader: the time until every session of the dead node is welcomed
///    again on the survivor.
enum ClusterBenchmark {
    /// The agents, one per relay scenario, each serving a destination of its own.
    private enum Scenario: String, CaseIterable {
        case sameNode = "same-node"
        case followerToLeader = "follower-to-leader"
        case leaderToFollower = "leader-to-follower"

        var agentID: String { "agent-\(rawValue)" }
        var destination: String { rawValue }
    }

    /// Runs every phase with `settings.relaySessions` sessions per scenario,
    /// on a PostgreSQL with `synchronousCommit` on or off; always stops the
    /// nodes and the database.
    static func run(_ settings: LoadSettings, synchronousCommit: Bool) async throws -> ClusterResult {
        let limit = OpenFileLimit.raiseToHardLimit()
        let sessions = min(settings.relaySessions, max((limit.current - 300) / 3, 1))
        let workDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("assist-cluster-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workDirectory) }
        Progress.say("starting PostgreSQL (synchronous_commit \(synchronousCommit ? "on" : "off")) and two nodes")
        let postgres = try BenchPostgres.start(under: workDirectory, synchronousCommit: synchronousCommit)
        defer { postgres.stop() }
        let token = UUID().uuidString
        let start = try nodeStarter(
            settings: settings, databaseURL: postgres.databaseURL, token: token, sessions: sessions, in: workDirectory)
        var running: [BenchClusterNode] = []
        do {
            let result = try await measure(
                sessions: sessions, token: token, settings: settings, synchronousCommit: synchronousCommit
            ) { name in
                let node = try await start(name)
                running.append(node)
                return node
            }
            for node in running { await node.process.stop() }
            return result
        } catch {
            for node in running { await node.process.stop() }
            throw error
        }
    }

    /// Writes the key and agents files; returns what starts a node by name.
    private static func nodeStarter(
        settings: LoadSettings, databaseURL: String, token: String, sessions: Int, in directory: URL
    ) throws -> (String) async throws -> BenchClusterNode {
        let keyFile = directory.appendingPathComponent("token.key")
        var key = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in key.indices { key[index] = generator.next() }
        try Data(key).write(to: keyFile)
        let agents: [String: Any] = [
            "agents": Scenario.allCases.map { scenario in
                [
                    "id": scenario.agentID, "name": "Bench agent", "token": "\(token)-\(scenario.rawValue)",
                    "capacity": sessions, "destinations": [scenario.destination],
                ] as [String: Any]
            }
        ]
        let agentsFile = directory.appendingPathComponent("agents.json")
        try JSONSerialization.data(withJSONObject: agents).write(to: agentsFile)
        return { name in
            try await BenchClusterNode.start(
                name, executable: settings.serverExecutable, databaseURL: databaseURL, keyFile: keyFile,
                agentsFile: agentsFile, in: directory)
        }
    }

    private static func measure(
        sessions: Int, token: String, settings: LoadSettings, synchronousCommit: Bool,
        start: (String) async throws -> BenchClusterNode
    ) async throws -> ClusterResult {
        let leader = try await start("node-a")
        guard await Polling.wait(upTo: .seconds(30), until: { await leader.isLeading() }) else {
            throw ClusterBenchmarkError.noLeader(leader.process.logTail)
        }
        let follower = try await start("node-b")
        guard await Polling.wait(upTo: .seconds(30), until: { await follower.isReady() }) else {
            throw ClusterBenchmarkError.notReady("node-b", follower.process.logTail)
        }
        var tallies: [ConnectionTally] = []
        var relays: [ClusterResult.Relay] = []
        var memory: [ClusterResult.Memory] = []
        var consumers: [Scenario: [BenchConsumer]] = [:]
        for scenario in Scenario.allCases {
            let (consumerNode, agentNode, otherNode) =
                switch scenario {
                case .sameNode: (leader, leader, follower)
                case .followerToLeader: (follower, leader, leader)
                case .leaderToFollower: (leader, follower, follower)
                }
            // A tally per scenario: opening sessions waits for this batch's answers only.
            let tally = ConnectionTally()
            tallies.append(tally)
            let otherBefore = ResidentMemory.kibibytes(ofProcess: otherNode.process.pid) ?? 0
            Progress.say("\(scenario.rawValue): opening \(sessions) sessions on \(consumerNode.url)")
            let idle = try await IdleSessions.open(
                sessions, destination: scenario.destination, on: consumerNode.process, batchSize: settings.batchSize,
                tally: tally)
            let otherAfter = ResidentMemory.kibibytes(ofProcess: otherNode.process.pid) ?? 0
            consumers[scenario] = idle.consumers
            switch scenario {
            case .sameNode:
                memory.append(
                    .init(
                        name: "leader, per session connected to it", sessions: idle.held,
                        beforeKiB: idle.residentBeforeKiB, afterKiB: idle.residentAfterKiB))
            case .followerToLeader:
                memory.append(
                    .init(
                        name: "follower, per session connected to it", sessions: idle.held,
                        beforeKiB: idle.residentBeforeKiB, afterKiB: idle.residentAfterKiB))
                memory.append(
                    .init(
                        name: "leader, per session connected to the follower", sessions: idle.held,
                        beforeKiB: otherBefore, afterKiB: otherAfter))
            case .leaderToFollower:
                break
            }
            let outcome = try await RelayProbe.run(
                agentServer: agentNode.url, serverProcesses: [leader.process.pid, follower.process.pid],
                token: "\(token)-\(scenario.rawValue)", consumers: idle.consumers, sessionCount: idle.held,
                settings: settings, tally: tally)
            relays.append(.init(name: name(of: scenario), outcome: outcome))
        }

        var deaths: [ClusterResult.Death] = []
        Progress.say("kill -9 of the follower; its sessions resume on the leader")
        let followerDeath = ContinuousClock.now
        await follower.process.killHard()
        let onFollower = consumers[.followerToLeader] ?? []
        deaths.append(
            .init(
                name: "follower", outcome: await ResumeWave.run(onFollower, on: leader.url, since: followerDeath)))

        let successor = try await start("node-c")
        guard await Polling.wait(upTo: .seconds(30), until: { await successor.isReady() }) else {
            throw ClusterBenchmarkError.notReady("node-c", successor.process.logTail)
        }
        Progress.say("kill -9 of the leader; every session resumes on the new node once it leads")
        let leaderDeath = ContinuousClock.now
        await leader.process.killHard()
        let onLeader = Scenario.allCases.flatMap { consumers[$0] ?? [] }
        deaths.append(
            .init(name: "leader", outcome: await ResumeWave.run(onLeader, on: successor.url, since: leaderDeath)))
        for consumer in onLeader { await consumer.close() }
        return ClusterResult(
            synchronousCommit: synchronousCommit, sessions: sessions, relays: relays, memory: memory, deaths: deaths,
            protocolProblems: tallies.reduce(0) { $0 + $1.protocolProblems })
    }

    /// The report's name of a relay scenario.
    private static func name(of scenario: Scenario) -> String {
        switch scenario {
        case .sameNode: "consumers and agent on the leader"
        case .followerToLeader: "consumers on the follower, agent on the leader"
        case .leaderToFollower: "consumers on the leader, agent on the follower"
        }
    }
}

/// Why the cluster benchmark could not run.
enum ClusterBenchmarkError: Error, CustomStringConvertible {
    case noLeader(String)
    case notReady(String, String)

    /// One sentence for the terminal.
    var description: String {
        switch self {
        case .noLeader(let log): "the first node did not lead within 30 s; its log ends with:\n\(log)"
        case .notReady(let node, let log): "\(node) was not ready within 30 s; its log ends with:\n\(log)"
        }
    }
}
