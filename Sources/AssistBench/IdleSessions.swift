/// Opens the load benchmark's idle consumer sessions, a batch at a time, and
/// measures the server's memory before and after.
struct IdleSessions {
    /// Every consumer opened, welcomed or not.
    let consumers: [BenchConsumer]
    /// Server RSS before the first session, in KiB.
    let residentBeforeKiB: Int
    /// Server RSS with every session open and idle, in KiB.
    let residentAfterKiB: Int
    /// How long opening took.
    let openingTime: Duration
    /// Sessions welcomed and still open when the memory was measured.
    let held: Int
    /// Whether opening stopped at the time limit before every session was tried.
    let timedOut: Bool

    /// Opens `count` sessions for `destination` on `server`, reporting to `tally`.
    /// Stops early when a whole batch fails, or after `timeout`.
    static func open(
        _ count: Int, destination: String, on server: ChildProcess, batchSize: Int, tally: ConnectionTally,
        timeout: Duration = .seconds(240)
    ) async throws -> IdleSessions {
        let clock = ContinuousClock()
        let residentBefore = ResidentMemory.kibibytes(ofProcess: server.pid) ?? 0
        let start = clock.now
        var consumers: [BenchConsumer] = []
        consumers.reserveCapacity(count)
        while consumers.count < count, clock.now - start < timeout {
            let readyBefore = tally.ready
            let batch = (0..<min(batchSize, count - consumers.count)).map { _ in BenchConsumer(tally: tally) }
            for consumer in batch { try await consumer.start(server: server.url, destination: destination) }
            consumers += batch
            let opened = consumers.count
            await Polling.wait(upTo: .seconds(30)) { tally.ready + tally.failed >= opened }
            if tally.ready == readyBefore { break }
            if consumers.count % 1_000 == 0 { Progress.say("\(tally.ready) sessions open") }
        }
        let openingTime = clock.now - start
        try await clock.sleep(for: .seconds(2))
        let residentAfter = ResidentMemory.kibibytes(ofProcess: server.pid) ?? 0
        var held = 0
        for consumer in consumers where await consumer.isHeld { held += 1 }
        return IdleSessions(
            consumers: consumers, residentBeforeKiB: residentBefore, residentAfterKiB: residentAfter,
            openingTime: openingTime, held: held, timedOut: consumers.count < count && openingTime >= timeout)
    }
}
