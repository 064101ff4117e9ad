/// The CPU time a server process used while messages went through it.
struct CPUCost {
    /// CPU time used over the measured stretch (``ProcessCPUTime``).
    let time: Duration
    /// Messages sent through the server in that stretch.
    let messages: Int

    /// CPU time per 1,000 messages.
    var perThousandMessages: Duration {
        messages > 0 ? time * 1_000 / messages : .zero
    }

    /// Runs `body`, which sends `messages` messages through process `pid`,
    /// and measures the CPU time the process used meanwhile.
    static func measure(ofProcess pid: Int32, messages: Int, while body: () async -> Void) async -> CPUCost {
        await measure(ofProcesses: [pid], messages: messages, while: body)
    }

    /// Runs `body`, which sends `messages` messages through the processes
    /// `pids` (the nodes of a cluster), and measures the CPU time they used
    /// meanwhile, together.
    static func measure(ofProcesses pids: [Int32], messages: Int, while body: () async -> Void) async -> CPUCost {
        let before = pids.map { ProcessCPUTime.of($0) ?? .zero }
        await body()
        let after = zip(pids, before).map { ProcessCPUTime.of($0) ?? $1 }
        let used = zip(after, before).reduce(Duration.zero) { $0 + ($1.0 - $1.1) }
        return CPUCost(time: used, messages: messages)
    }
}
