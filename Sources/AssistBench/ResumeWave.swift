/// The sessions of a node that died, resumed on another: each consumer
/// reconnects as soon as its connection is gone, and again every
/// ``retryInterval`` while the survivor refuses it (a node without a leader
/// refuses upgrades until it leads), until every one is welcomed again.
enum ResumeWave {
    /// What the wave achieved.
    struct Outcome {
        /// Consumers welcomed again on the survivor.
        let resumed: Int
        /// Consumers that were to resume.
        let expected: Int
        /// From the death to the last of them welcomed (or to the time limit).
        let time: Duration
    }

    /// How long a consumer whose attempt failed waits before the next one.
    static let retryInterval = Duration.milliseconds(100)

    /// Resumes `consumers` on the server at `survivor` (an `http://` URL)
    /// and measures from `death`, for at most `timeout`.
    static func run(
        _ consumers: [BenchConsumer], on survivor: String, since death: ContinuousClock.Instant,
        timeout: Duration = .seconds(120)
    ) async -> Outcome {
        var waiting = consumers
        var lastWelcome = death
        while !waiting.isEmpty, ContinuousClock.now - death < timeout {
            var stillWaiting: [BenchConsumer] = []
            for consumer in waiting {
                if let welcomed = await consumer.welcomedAt, welcomed > death {
                    lastWelcome = max(lastWelcome, welcomed)
                    continue
                }
                if await !consumer.isOpen { try? await consumer.resume(server: survivor) }
                stillWaiting.append(consumer)
            }
            waiting = stillWaiting
            if !waiting.isEmpty { try? await Task.sleep(for: retryInterval) }
        }
        let resumed = consumers.count - waiting.count
        return Outcome(
            resumed: resumed, expected: consumers.count,
            time: waiting.isEmpty ? lastWelcome - death : ContinuousClock.now - death)
    }
}
