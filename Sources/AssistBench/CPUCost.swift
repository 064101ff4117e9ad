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
        let before = ProcessCPUTime.of(pid) ?? .zero
        await body()
        let after = ProcessCPUTime.of(pid) ?? before
        return CPUCost(time: after - before, messages: messages)
    }
}
