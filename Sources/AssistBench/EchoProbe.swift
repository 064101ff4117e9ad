import Foundation

/// The floor: the same paced samples as the relay probe, sent to a bare
/// WebSocket echo server in a child process and timed until they come back.
enum EchoProbe {
    /// What the probe measured.
    struct Outcome {
        /// The timed samples that came back.
        let sample: LatencySample
        /// Timed samples that never came back.
        let lost: Int
        /// Connections that answered and carried the samples.
        let connections: Int
    }

    /// Starts the echo server, opens `connectionCount` connections to it and
    /// times the samples; always stops the server.
    static func run(connectionCount: Int, settings: LoadSettings, workDirectory: URL) async throws -> Outcome {
        let server = try await ChildProcess.start(
            settings.benchExecutable, arguments: ["--echo-server"],
            logFile: workDirectory.appendingPathComponent("echo-server.log"))
        do {
            let outcome = try await measure(on: server, connectionCount: connectionCount, settings: settings)
            await server.stop()
            return outcome
        } catch {
            await server.stop()
            throw error
        }
    }

    private static let readyText = "ready"

    private static func measure(
        on server: ChildProcess, connectionCount: Int, settings: LoadSettings
    ) async throws -> Outcome {
        let recorder = LatencyRecorder(count: settings.warmUpSamples + settings.samples)
        let tally = ConnectionTally()
        let url = server.url.replacingOccurrences(of: "http://", with: "ws://") + EchoServer.path
        let links = (0..<connectionCount).map { _ in WebSocketLink() }
        for link in links {
            link.send(readyText)
            Task {
                let error = await link.run(url: url) { text, arrived in
                    if text == readyText {
                        tally.markReady()
                    } else if let sample = SampleText.sample(in: text) {
                        recorder.finish(sample, at: arrived)
                    }
                }
                tally.markEnded(failure: error.map { "\($0)" })
            }
        }
        await Polling.wait(upTo: .seconds(30)) { tally.ready + tally.failed >= connectionCount }
        guard tally.ready > 0 else { throw LoadBenchmarkError.echoUnreachable(tally.firstFailure ?? "no answer in 30 s") }
        Progress.say("timing the bare WebSocket echo over \(connectionCount) connections")
        await PacedProbe.run(
            count: settings.warmUpSamples + settings.samples, perSecond: settings.samplesPerSecond,
            recorder: recorder, patience: .seconds(10)
        ) { index in
            recorder.start(index)
            links[index % links.count].send(SampleText.text(for: index))
        }
        for link in links { link.close() }
        await Polling.wait(upTo: .seconds(10)) { tally.ended >= connectionCount }
        let results = recorder.results(from: settings.warmUpSamples)
        return Outcome(sample: results.sample, lost: results.lost, connections: tally.ready)
    }
}
