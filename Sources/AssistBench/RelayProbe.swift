import AssistCore

/// Chat relay latency: an agent takes sessions with `acceptNext`, then
/// consumers chat, paced, and the agent's connection times each arrival.
enum RelayProbe {
    /// What the probe measured.
    struct Outcome {
        /// Sessions the agent took.
        let sessions: Int
        /// The timed samples that arrived.
        let sample: LatencySample
        /// Timed samples that never arrived.
        let lost: Int
        /// Whether the agent's connection closed before the probe ended.
        let agentDropped: Bool
        /// The server's CPU time while the chats, warm-up included, went through it.
        let cpu: CPUCost
    }

    /// Signs the agent in with `token` at the server `agentServer` (an
    /// `http://` URL), has it take `sessionCount` of `consumers`' sessions —
    /// one `acceptNext` at a time, each after the answer to the last, so
    /// frames never pile up at the server — and times chat relayed through
    /// them, with the CPU time of the processes `serverProcesses`.
    static func run(
        agentServer: String, serverProcesses: [Int32], token: String, consumers: [BenchConsumer], sessionCount: Int,
        settings: LoadSettings, tally: ConnectionTally
    ) async throws -> Outcome {
        let recorder = LatencyRecorder(count: settings.warmUpSamples + settings.samples)
        let agent = BenchAgent(recorder: recorder, tally: tally)
        try await agent.start(server: agentServer, token: token)
        guard await Polling.wait(upTo: .seconds(15), until: { await agent.isWelcomed }) else {
            throw LoadBenchmarkError.agentNotWelcomed(await agent.failure ?? "no welcome within 15 s")
        }
        Progress.say("the agent takes \(sessionCount) sessions (acceptNext, under the server's frame rate limit)")
        for _ in 0..<sessionCount {
            let answered = await agent.answers
            await agent.acceptNext()
            guard await Polling.wait(upTo: .seconds(10), until: { await agent.answers > answered }) else { break }
        }
        var bySession: [SessionID: BenchConsumer] = [:]
        for consumer in consumers {
            if let id = await consumer.sessionID { bySession[id] = consumer }
        }
        let assigned = await agent.assigned
        let chatting = assigned.compactMap { bySession[$0] }
        guard !chatting.isEmpty else {
            throw LoadBenchmarkError.noSessionsAssigned(await agent.errorCodes)
        }
        Progress.say("timing chat relay over \(chatting.count) sessions")
        let count = settings.warmUpSamples + settings.samples
        let cpu = await CPUCost.measure(ofProcesses: serverProcesses, messages: count) {
            await PacedProbe.run(
                count: count, perSecond: settings.samplesPerSecond, recorder: recorder, patience: .seconds(10)
            ) { index in
                await chatting[index % chatting.count].sendChat(sample: index, recorder: recorder)
            }
        }
        let agentDropped = await !agent.isOpen
        await agent.close()
        let results = recorder.results(from: settings.warmUpSamples)
        return Outcome(
            sessions: chatting.count, sample: results.sample, lost: results.lost, agentDropped: agentDropped, cpu: cpu)
    }
}
