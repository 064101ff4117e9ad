import Foundation

/// A floor: the same paced samples as the relay probe, sent to an echo
/// server in a child process and timed until they come back.
enum EchoProbe {
    /// Starts the `floor` echo server, opens `connectionCount` connections
    /// to it and times the samples; always stops the server.
    static func run(
        _ floor: EchoFloor, connectionCount: Int, settings: LoadSettings, workDirectory: URL
    ) async throws -> BaselineMeasurement {
        let server = try await ChildProcess.start(
            settings.benchExecutable, arguments: floor.arguments(in: workDirectory),
            logFile: workDirectory.appendingPathComponent(floor.logName))
        do {
            let measurement = try await measure(floor, on: server, connectionCount: connectionCount, settings: settings)
            await server.stop()
            return measurement
        } catch {
            await server.stop()
            throw error
        }
    }

    private static let readyText = "ready"

    private static func measure(
        _ floor: EchoFloor, on server: ChildProcess, connectionCount: Int, settings: LoadSettings
    ) async throws -> BaselineMeasurement {
        let count = settings.warmUpSamples + settings.samples
        let recorder = LatencyRecorder(count: count)
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
        Progress.say("timing the \(floor.name) over \(connectionCount) connections")
        let cpu = await CPUCost.measure(ofProcess: server.pid, messages: count) {
            await PacedProbe.run(
                count: count, perSecond: settings.samplesPerSecond, recorder: recorder, patience: .seconds(10)
            ) { index in
                recorder.start(index)
                links[index % links.count].send(SampleText.text(for: index))
            }
        }
        for link in links { link.close() }
        await Polling.wait(upTo: .seconds(10)) { tally.ended >= connectionCount }
        let results = recorder.results(from: settings.warmUpSamples)
        return BaselineMeasurement(sample: results.sample, lost: results.lost, channels: tally.ready, cpu: cpu)
    }
}
