import AssistCore
import Foundation
import Testing

// The limit guards against a hang, not a slow run: the delegate runs on the main actor, which the GTK
// tests running beside these hold for long stretches when the machine is loaded.
@Suite("Reconnecting connection: steering through the Connector", .timeLimit(.minutes(5)))
struct ReconnectingConnectionConnectorTests {
    private let seedDefault = ReconnectPolicy(retryIntervals: [1, 2, 4, 8, 16, 32], maxReconnectTimeouts: [5])
    private let applicationControlled = ReconnectPolicy(retryIntervals: [], maxReconnectTimeouts: [5])

    @Test("With no retry intervals, reconnecting from onDisconnect makes the attempt at once, with no willRetry")
    func reconnectFromOnDisconnect() async throws {
        var harness = await ConnectionHarness(
            policy: applicationControlled,
            onDisconnect: { connector in await connector.reconnect(2.0) })
        let link = try await harness.startConnected()
        link.fail(TestError("network down"))

        let attempt = await harness.transport.nextAttempt()
        #expect(attempt.timeout == 2)
        #expect(harness.clock.elapsedSeconds == 0)
        attempt.establish()

        #expect(
            await harness.nextEvents(4) == [
                "connected", "disconnected(network down)", "reconnecting(attempt 1)", "reconnected",
            ])
        #expect(await harness.delegate.calls(count: 2) == ["onDisconnect(network down)", "onConnect"])
    }

    @Test("With no retry intervals a loss or failed attempt is only reported; the application decides every next step")
    func applicationControlsEverything() async throws {
        var harness = await ConnectionHarness(policy: applicationControlled)
        let link = try await harness.startConnected()
        link.fail(TestError("network down"))
        #expect(await harness.nextEvents(2) == ["connected", "disconnected(network down)"])
        let connector = try #require(await harness.delegate.connector(afterCalls: 1))
        #expect(harness.clock.sleeperCount == 0)

        await connector.reconnect(3)
        let attempt = await harness.transport.nextAttempt()
        #expect(attempt.timeout == 3)
        #expect(await harness.clock.advanceToNextDeadline() == 3)
        #expect(await harness.nextEvents(2) == ["reconnecting(attempt 1)", "disconnected(\(ConnectionError.timedOut(after: 3)))"])
        #expect(harness.clock.sleeperCount == 0)

        await connector.terminate(TestError("gave up"))
        #expect(await harness.remainingEvents() == ["terminated(gave up)"])
        #expect(
            await harness.delegate.calls(count: 3) == [
                "onDisconnect(network down)", "onDisconnect(\(ConnectionError.timedOut(after: 3)))", "onTerminated(gave up)",
            ])
        #expect(harness.transport.attemptCount == 2)
    }

    @Test("Reconnect now cancels the pending wait and makes that attempt at once with the given timeout")
    func reconnectNowSkipsTheWait() async throws {
        var harness = await ConnectionHarness(policy: seedDefault)
        let link = try await harness.startConnected()
        link.fail(TestError("network down"))
        #expect(await harness.nextEvents(3) == ["connected", "disconnected(network down)", "willRetry(1.0 s, attempt 1 of 6)"])
        #expect(await harness.clock.nextDeadline().offset == .seconds(1))
        let connector = try #require(await harness.delegate.connector(afterCalls: 2))

        await connector.reconnect(2)
        let attempt = await harness.transport.nextAttempt()
        #expect(attempt.timeout == 2)
        #expect(await harness.clock.nextDeadline().offset == .seconds(2))
        #expect(harness.clock.sleeperCount == 1)
        attempt.fail(TestError("refused"))

        #expect(
            await harness.nextEvents(3) == [
                "reconnecting(attempt 1 of 6)", "disconnected(refused)", "willRetry(2.0 s, attempt 2 of 6)",
            ])
        await harness.connection.endSupport()
        #expect(await harness.remainingEvents() == ["terminated"])
    }

    @Test("Terminating from willRetry stops all attempts and ends with the application's error")
    func terminateFromWillRetry() async throws {
        var harness = await ConnectionHarness(
            policy: seedDefault,
            willRetry: { connector in await connector.terminate(TestError("user gave up")) })
        let link = try await harness.startConnected()
        link.fail(TestError("network down"))

        #expect(
            await harness.remainingEvents() == [
                "connected", "disconnected(network down)", "willRetry(1.0 s, attempt 1 of 6)", "terminated(user gave up)",
            ])
        #expect(
            await harness.delegate.calls(count: 3) == [
                "onDisconnect(network down)", "willRetry(1.0 s, attempt 1 of 6)", "onTerminated(user gave up)",
            ])
        #expect(harness.clock.sleeperCount == 0)
        #expect(harness.transport.attemptCount == 1)
    }

    @Test("Disconnecting through the connector while an attempt runs closes it and ends with no reason")
    func disconnectDuringAttempt() async throws {
        var harness = await ConnectionHarness(policy: seedDefault)
        let link = try await harness.startConnected()
        link.fail(TestError("network down"))
        await harness.clock.advanceToNextDeadline()
        let attempt = await harness.transport.nextAttempt()

        await harness.connection.connector.disconnect()
        await attempt.waitUntilCancelled()
        #expect(
            await harness.remainingEvents() == [
                "connected", "disconnected(network down)", "willRetry(1.0 s, attempt 1 of 6)",
                "reconnecting(attempt 1 of 6)", "terminated",
            ])
        #expect(await harness.delegate.calls(count: 3).last == "onTerminated(nil)")
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("endSupport closes a live link and tells the delegate onTerminated with no reason")
    func endSupportClosesTheLink() async throws {
        var harness = await ConnectionHarness(policy: seedDefault)
        let link = try await harness.startConnected()

        await harness.connection.endSupport()
        await link.waitUntilCancelled()
        #expect(await harness.remainingEvents() == ["connected", "terminated"])
        #expect(await harness.delegate.calls(count: 1) == ["onTerminated(nil)"])
    }

    @Test("A connector stays valid after termination: its calls do nothing and do not crash")
    func connectorOutlivesTheConnection() async throws {
        var harness = await ConnectionHarness(policy: seedDefault)
        let link = try await harness.startConnected()
        link.fail(TestError("network down"))
        let kept = try #require(await harness.delegate.connector(afterCalls: 1))
        await harness.connection.endSupport()
        #expect(await harness.remainingEvents().last == "terminated")

        await kept.reconnect(1)
        await kept.terminate(TestError("late"))
        await kept.disconnect()
        await harness.connection.endSupport()

        #expect(harness.transport.attemptCount == 1)
        #expect(harness.clock.sleeperCount == 0)
        #expect(await harness.delegate.calls(count: 3) == [
            "onDisconnect(network down)", "willRetry(1.0 s, attempt 1 of 6)", "onTerminated(nil)",
        ])
        await #expect(throws: ConnectionError.ended) { try await harness.connection.start() }
    }
}
