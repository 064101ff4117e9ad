import AssistCore
import Foundation
import Testing

// The limit guards against a hang, not a slow run: the delegate runs on the main actor, which the GTK
// tests running beside these hold for long stretches when the machine is loaded.
@Suite("Reconnecting connection: recovery, ordering and jitter", .timeLimit(.minutes(5)))
struct ReconnectingConnectionRecoveryTests {
    private let seedDefault = ReconnectPolicy(retryIntervals: [1, 2, 4, 8, 16, 32], maxReconnectTimeouts: [5])

    @Test("A successful attempt calls onConnect, stops its timeout, and the next loss starts again from attempt 1")
    func reconnectionResetsTheCount() async throws {
        var harness = await ConnectionHarness(policy: seedDefault)
        let link = try await harness.startConnected()
        link.fail(TestError("network down"))
        #expect(await harness.clock.advanceToNextDeadline() == 1)
        let attempt = await harness.transport.nextAttempt()
        attempt.establish()
        await attempt.waitUntilEstablishAcknowledged()
        #expect(harness.clock.sleeperCount == 0)

        attempt.fail(TestError("network down again"))
        #expect(await harness.clock.nextDeadline().offset == .seconds(2))
        #expect(
            await harness.nextEvents(7) == [
                "connected", "disconnected(network down)", "willRetry(1.0 s, attempt 1 of 6)",
                "reconnecting(attempt 1 of 6)", "reconnected",
                "disconnected(network down again)", "willRetry(1.0 s, attempt 1 of 6)",
            ])
        #expect(
            await harness.delegate.calls(count: 5) == [
                "onDisconnect(network down)", "willRetry(1.0 s, attempt 1 of 6)", "onConnect",
                "onDisconnect(network down again)", "willRetry(1.0 s, attempt 1 of 6)",
            ])
    }

    @Test("onDisconnect is delivered before willRetry, one call at a time, even while the delegate is busy")
    func delegateCallsAreOrdered() async throws {
        let gate = Mailbox<Void>()
        var harness = await ConnectionHarness(
            policy: seedDefault,
            onDisconnect: { _ in await gate.receiveIgnoringCancellation() })
        let link = try await harness.startConnected()
        link.fail(TestError("network down"))
        #expect(await harness.nextEvents(3) == ["connected", "disconnected(network down)", "willRetry(1.0 s, attempt 1 of 6)"])

        #expect(await harness.delegate.calls(count: 1) == ["onDisconnect(network down)"])
        #expect(await harness.delegate.calls == ["onDisconnect(network down)"])
        gate.send(())
        #expect(await harness.delegate.calls(count: 2) == ["onDisconnect(network down)", "willRetry(1.0 s, attempt 1 of 6)"])
    }

    @Test("Results from an attempt that timed out are ignored even when the transport ignores cancellation")
    func staleAttemptIsIgnored() async throws {
        var harness = await ConnectionHarness(policy: seedDefault, transport: FakeTransport(ignoresCancellation: true))
        let link = try await harness.startConnected()
        link.fail(TestError("network down"))
        await harness.clock.advanceToNextDeadline()
        let stale = await harness.transport.nextAttempt()
        #expect(await harness.clock.advanceToNextDeadline() == 6)
        let timedOut = "\(ConnectionError.timedOut(after: 5))"
        #expect(
            await harness.nextEvents(6) == [
                "connected", "disconnected(network down)", "willRetry(1.0 s, attempt 1 of 6)",
                "reconnecting(attempt 1 of 6)", "disconnected(\(timedOut))", "willRetry(2.0 s, attempt 2 of 6)",
            ])

        stale.establish()
        await stale.waitUntilEstablishAcknowledged()
        #expect(await harness.clock.advanceToNextDeadline() == 8)
        let current = await harness.transport.nextAttempt()
        current.establish()
        #expect(await harness.nextEvents(2) == ["reconnecting(attempt 2 of 6)", "reconnected"])
    }

    @Test("A link the server closes without an error counts as a loss")
    func cleanCloseIsALoss() async throws {
        var harness = await ConnectionHarness(policy: seedDefault)
        let link = try await harness.startConnected()
        link.closeCleanly()
        #expect(
            await harness.nextEvents(3) == [
                "connected", "disconnected(\(ConnectionError.closedByServer))", "willRetry(1.0 s, attempt 1 of 6)",
            ])
    }

    @Test("With full jitter the announced waits come from the generator, lie within their intervals, and are the waits slept")
    func jitteredWaits() async throws {
        let intervals: [TimeInterval] = [1, 2, 4, 8, 16, 32]
        let policy = ReconnectPolicy(retryIntervals: intervals, maxReconnectTimeouts: [5], jitter: .full)
        var reference = SplitMix64(seed: 2024)
        let expected = (1...6).compactMap { policy.jitteredDelay(beforeAttempt: $0, using: &reference) }
        var harness = await ConnectionHarness(policy: policy, random: SplitMix64(seed: 2024))
        let link = try await harness.startConnected()
        #expect(await harness.nextEvents(1) == ["connected"])

        link.fail(TestError("network down"))
        var announced: [TimeInterval] = []
        var slept: [TimeInterval] = []
        for attempt in 1...6 {
            #expect(await harness.nextEvents(1) == ["disconnected(\(attempt == 1 ? "network down" : "refused"))"])
            guard case .willRetry(let inSeconds, attempt, 6) = await harness.nextEvent() else {
                Issue.record("expected willRetry for attempt \(attempt)")
                return
            }
            announced.append(inSeconds)
            let waitStarted = harness.clock.elapsedSeconds
            slept.append(await harness.clock.advanceToNextDeadline() - waitStarted)
            await harness.transport.nextAttempt().fail(TestError("refused"))
            #expect(await harness.nextEvents(1) == ["reconnecting(attempt \(attempt) of 6)"])
        }

        #expect(announced == expected)
        #expect(slept.count == 6 && zip(slept, announced).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(zip(announced, intervals).allSatisfy { (0...$1).contains($0) })
        #expect(zip(announced, intervals).contains { $0 < $1 })
        #expect(await harness.remainingEvents() == ["disconnected(refused)", "terminated(refused)"])
    }
}
