import Foundation

/// The external peer: Mosquitto relaying the same samples between two
/// WebSocket clients per pair at QoS 1, paced as the relay probe, each
/// timed from just before the publisher's frame goes to its connection
/// until the subscriber's connection receives it.
enum MosquittoProbe {
    /// Starts the broker, opens `pairCount` publisher–subscriber pairs (a
    /// topic each) and times the samples; always stops the broker.
    static func run(pairCount: Int, settings: LoadSettings, workDirectory: URL) async throws -> BaselineMeasurement {
        let broker = try await MosquittoBroker.start(settings.mosquittoExecutable, in: workDirectory)
        do {
            let measurement = try await measure(on: broker, pairCount: pairCount, settings: settings)
            await broker.stop()
            return measurement
        } catch {
            await broker.stop()
            throw error
        }
    }

    private static func measure(
        on broker: ChildProcess, pairCount: Int, settings: LoadSettings
    ) async throws -> BaselineMeasurement {
        let count = settings.warmUpSamples + settings.samples
        let recorder = LatencyRecorder(count: count)
        let tally = ConnectionTally()
        var publishers: [MQTTBenchClient] = []
        var subscribers: [MQTTBenchClient] = []
        for pair in 0..<pairCount {
            let topic = "bench/\(pair)"
            let subscriber = MQTTBenchClient(role: .subscriber, topic: topic, recorder: recorder, tally: tally)
            let publisher = MQTTBenchClient(role: .publisher, topic: topic, recorder: recorder, tally: tally)
            await subscriber.start(url: broker.url, clientIdentifier: "bench-subscriber-\(pair)")
            await publisher.start(url: broker.url, clientIdentifier: "bench-publisher-\(pair)")
            subscribers.append(subscriber)
            publishers.append(publisher)
        }
        let connectionCount = 2 * pairCount
        await Polling.wait(upTo: .seconds(30)) { tally.ready + tally.failed >= connectionCount }
        guard tally.ready == connectionCount else {
            for client in publishers + subscribers { await client.close() }
            throw LoadBenchmarkError.mosquittoUnreachable(
                tally.firstFailure ?? "\(tally.ready) of \(connectionCount) clients ready after 30 s")
        }
        Progress.say("timing Mosquitto's QoS 1 relay over \(pairCount) publisher–subscriber pairs")
        let cpu = await CPUCost.measure(ofProcess: broker.pid, messages: count) {
            await PacedProbe.run(
                count: count, perSecond: settings.samplesPerSecond, recorder: recorder, patience: .seconds(10)
            ) { index in
                await publishers[index % publishers.count].publish(sample: index)
            }
        }
        for client in publishers + subscribers { await client.close() }
        await Polling.wait(upTo: .seconds(10)) { tally.ended >= connectionCount }
        let results = recorder.results(from: settings.warmUpSamples)
        return BaselineMeasurement(sample: results.sample, lost: results.lost, channels: pairCount, cpu: cpu)
    }
}
