import AssistCore
import Foundation
import Testing

// The limit guards against a hang, not a slow run: the delegate runs on the main actor, which the GTK
// tests running beside these hold for long stretches when the machine is loaded.
@Suite("Reconnecting connection: the seed's examples", .timeLimit(.minutes(5)))
struct ReconnectingConnectionSeedExamplesTests {
    private struct Outage {
        var attemptTimes: [Double] = []
        var timeouts: [TimeInterval] = []
        var timeoutTimes: [Double] = []
    }

    /// Drops the link, then lets every automatic attempt run into its timeout.
    private func runOutageOfTimeouts(_ harness: ConnectionHarness, link: FakeAttempt, attempts: Int) async -> Outage {
        var outage = Outage()
        link.fail(TestError("network down"))
        for _ in 1...attempts {
            outage.attemptTimes.append(await harness.clock.advanceToNextDeadline())
            let attempt = await harness.transport.nextAttempt()
            outage.timeouts.append(attempt.timeout)
            outage.timeoutTimes.append(await harness.clock.advanceToNextDeadline())
            await attempt.waitUntilCancelled()
        }
        return outage
    }

    @Test("By default the link is retried six times, at 1, 2, 4, 8, 16 and 32 s, each attempt timing out after 5 s")
    func defaultPolicy() async throws {
        let intervals: [TimeInterval] = [1, 2, 4, 8, 16, 32]
        var harness = await ConnectionHarness(
            policy: ReconnectPolicy(retryIntervals: intervals, maxReconnectTimeouts: [5]))
        let link = try await harness.startConnected()
        #expect(await harness.nextEvents(1) == ["connected"])

        let outage = await runOutageOfTimeouts(harness, link: link, attempts: 6)

        #expect(outage.attemptTimes == [1, 8, 17, 30, 51, 88])
        #expect(outage.timeouts == [5, 5, 5, 5, 5, 5])
        #expect(outage.timeoutTimes == [6, 13, 22, 35, 56, 93])
        let timedOut = "\(ConnectionError.timedOut(after: 5))"
        var expectedEvents = ["disconnected(network down)"]
        var expectedCalls = ["onDisconnect(network down)"]
        for (attempt, interval) in zip(1..., intervals) {
            expectedEvents += [
                "willRetry(\(interval) s, attempt \(attempt) of 6)", "reconnecting(attempt \(attempt) of 6)",
                "disconnected(\(timedOut))",
            ]
            expectedCalls += ["willRetry(\(interval) s, attempt \(attempt) of 6)", "onDisconnect(\(timedOut))"]
        }
        expectedEvents.append("terminated(\(timedOut))")
        expectedCalls.append("onTerminated(\(timedOut))")
        #expect(await harness.remainingEvents() == expectedEvents)
        #expect(await harness.delegate.calls(count: expectedCalls.count) == expectedCalls)
        #expect(harness.transport.attemptCount == 7)
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("With intervals 5, 10, 15 and timeouts 0.1, 1, 10 the attempts start 5, 10 and 15 s apart and time out after 0.1, 1 and 10 s")
    func configuredPolicy() async throws {
        var harness = await ConnectionHarness(
            policy: ReconnectPolicy(retryIntervals: [5, 10, 15], maxReconnectTimeouts: [0.1, 1, 10]),
            initialConnectTimeout: 30)
        let link = try await harness.startConnected()
        #expect(await harness.nextEvents(1) == ["connected"])

        let outage = await runOutageOfTimeouts(harness, link: link, attempts: 3)

        #expect(outage.timeouts == [0.1, 1, 10])
        let waits = zip(outage.attemptTimes, [0] + outage.timeoutTimes.dropLast()).map { $0 - $1 }
        let durations = zip(outage.timeoutTimes, outage.attemptTimes).map { $0 - $1 }
        #expect(waits.count == 3 && zip(waits, [5, 10, 15]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(durations.count == 3 && zip(durations, [0.1, 1, 10]).allSatisfy { abs($0 - $1) < 1e-9 })
        let timeouts = [0.1, 1, 10].map { "\(ConnectionError.timedOut(after: $0))" }
        #expect(
            await harness.delegate.calls(count: 8) == [
                "onDisconnect(network down)", "willRetry(5.0 s, attempt 1 of 3)",
                "onDisconnect(\(timeouts[0]))", "willRetry(10.0 s, attempt 2 of 3)",
                "onDisconnect(\(timeouts[1]))", "willRetry(15.0 s, attempt 3 of 3)",
                "onDisconnect(\(timeouts[2]))", "onTerminated(\(timeouts[2]))",
            ])
        #expect(await harness.remainingEvents().last == "terminated(\(timeouts[2]))")
    }

    @Test("The initial connection times out after the initial connect timeout of 30 s and is not retried")
    func initialConnectionTimesOut() async throws {
        var harness = await ConnectionHarness(
            policy: ReconnectPolicy(retryIntervals: [5, 10, 15], maxReconnectTimeouts: [0.1, 1, 10]),
            initialConnectTimeout: 30)
        let connection = harness.connection
        let start = Task { try await connection.start() }
        let initial = await harness.transport.nextAttempt()
        #expect(initial.timeout == 30)
        #expect(await harness.clock.advanceToNextDeadline() == 30)

        await #expect(throws: ConnectionError.timedOut(after: 30)) { try await start.value }
        await initial.waitUntilCancelled()
        #expect(await harness.remainingEvents() == [])
        #expect(harness.transport.attemptCount == 1)
        #expect(harness.clock.sleeperCount == 0)
        #expect(await harness.delegate.calls.isEmpty)
    }

    @Test("A failed initial connection makes start throw the transport's error, with no retry and no delegate call")
    func initialConnectionFails() async throws {
        var harness = await ConnectionHarness(
            policy: ReconnectPolicy(retryIntervals: [1, 2, 4, 8, 16, 32], maxReconnectTimeouts: [5]))
        let connection = harness.connection
        let start = Task { try await connection.start() }
        await harness.transport.nextAttempt().fail(TestError("connection refused"))

        let error = await #expect(throws: TestError.self) { try await start.value }
        #expect(error?.description == "connection refused")
        #expect(await harness.remainingEvents() == [])
        #expect(harness.transport.attemptCount == 1)
        #expect(harness.clock.sleeperCount == 0)
        #expect(await harness.delegate.calls.isEmpty)
    }
}
