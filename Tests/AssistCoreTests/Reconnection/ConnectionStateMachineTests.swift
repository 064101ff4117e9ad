import AssistCore
import Foundation
import Testing

@Suite("Connection state machine")
struct ConnectionStateMachineTests {
    private typealias Machine = ConnectionStateMachine
    private let seedExample = ReconnectPolicy(retryIntervals: [5, 10, 15], maxReconnectTimeouts: [0.1, 1, 10])
    private let networkDown = TestError("network down")

    private func connected(_ policy: ReconnectPolicy) throws -> (Machine, Machine.AttemptID) {
        var machine = Machine(policy: policy, initialConnectTimeout: 30)
        let initial = try #require(openedAttempt(try machine.start().get()))
        #expect(steps(machine.attemptEstablished(initial)).contains(.startSucceeded))
        return (machine, initial)
    }

    @Test("Starting opens the transport with the initial connect timeout")
    func startOpensWithInitialTimeout() throws {
        var machine = Machine(policy: seedExample, initialConnectTimeout: 30)
        #expect(steps(try machine.start().get()) == [.open(timeout: 30)])
    }

    @Test("The initial connection completes start and is announced as connected, not as a reconnection")
    func initialConnectionCompletesStart() throws {
        var machine = Machine(policy: seedExample, initialConnectTimeout: 30)
        let initial = try #require(openedAttempt(try machine.start().get()))
        #expect(steps(machine.attemptEstablished(initial)) == [.cancelTimeout(initial), .startSucceeded, .emit("connected")])
    }

    @Test("A failed initial connection fails start, is not reported as a disconnection, and is not retried")
    func initialFailureIsNotRetried() throws {
        var machine = Machine(policy: seedExample, initialConnectTimeout: 30)
        let initial = try #require(openedAttempt(try machine.start().get()))
        #expect(steps(machine.attemptEnded(initial, reason: networkDown)) == [.close(initial), .startFailed("network down"), .finish])
        #expect(machine.reconnect(timeout: 5).isEmpty)
    }

    @Test("An initial connection that outlasts its timeout fails start with a timeout")
    func initialTimeoutFailsStart() throws {
        var machine = Machine(policy: seedExample, initialConnectTimeout: 30)
        let initial = try #require(openedAttempt(try machine.start().get()))
        #expect(
            steps(machine.attemptTimedOut(initial))
                == [.close(initial), .startFailed("\(ConnectionError.timedOut(after: 30))"), .finish])
    }

    @Test("Starting a second time is rejected, and starting after the end fails")
    func startingTwiceIsRejected() throws {
        var (machine, _) = try connected(seedExample)
        #expect(throws: ConnectionError.alreadyStarted) { try machine.start().get() }
        _ = machine.disconnect()
        #expect(throws: ConnectionError.ended) { try machine.start().get() }
    }

    @Test("A lost connection is reported first, then the first attempt is scheduled after its interval")
    func lossIsReportedThenRetryScheduled() throws {
        var (machine, link) = try connected(seedExample)
        #expect(
            steps(machine.attemptEnded(link, reason: networkDown))
                == [.close(link), .emit("disconnected(network down)"), .scheduleRetry(attempt: 1, of: 3, interval: 5)])
    }

    @Test("Each attempt opens with its own timeout; each failure is reported then the next attempt scheduled, until none is left")
    func attemptsRunOutThenTerminate() throws {
        var (machine, link) = try connected(seedExample)
        var timer = try #require(scheduledTimer(machine.attemptEnded(link, reason: networkDown)))
        let expected: [(timeout: TimeInterval, next: Step?)] = [
            (0.1, .scheduleRetry(attempt: 2, of: 3, interval: 10)),
            (1, .scheduleRetry(attempt: 3, of: 3, interval: 15)),
            (10, nil),
        ]
        for (number, step) in expected.enumerated().map({ ($0.offset + 1, $0.element) }) {
            let fired = machine.retryTimerFired(timer)
            #expect(steps(fired) == [.emit("reconnecting(attempt \(number) of 3)"), .open(timeout: step.timeout)])
            let attempt = try #require(openedAttempt(fired))
            let failed = machine.attemptTimedOut(attempt)
            let timedOut = "\(ConnectionError.timedOut(after: step.timeout))"
            if let next = step.next {
                #expect(steps(failed) == [.close(attempt), .emit("disconnected(\(timedOut))"), next])
                timer = try #require(scheduledTimer(failed))
            } else {
                #expect(
                    steps(failed)
                        == [.close(attempt), .emit("disconnected(\(timedOut))"), .emit("terminated(\(timedOut))"), .finish])
            }
        }
    }

    @Test("A reconnection refused for an untrusted certificate terminates at once instead of being retried")
    func untrustedCertificateIsNotRetried() throws {
        var (machine, link) = try connected(seedExample)
        let timer = try #require(scheduledTimer(machine.attemptEnded(link, reason: networkDown)))
        let attempt = try #require(openedAttempt(machine.retryTimerFired(timer)))
        let untrusted = UntrustedCertificateError(detail: "self-signed")
        #expect(
            steps(machine.attemptEnded(attempt, reason: untrusted))
                == [.close(attempt), .emit("disconnected(\(untrusted))"), .emit("terminated(\(untrusted))"), .finish])
        #expect(machine.reconnect(timeout: 2).isEmpty)
    }

    @Test("A successful attempt reports the reconnection, and the next loss counts from attempt 1 again")
    func successResetsTheCount() throws {
        var (machine, link) = try connected(seedExample)
        var timer = try #require(scheduledTimer(machine.attemptEnded(link, reason: networkDown)))
        let first = try #require(openedAttempt(machine.retryTimerFired(timer)))
        timer = try #require(scheduledTimer(machine.attemptEnded(first, reason: networkDown)))
        let second = try #require(openedAttempt(machine.retryTimerFired(timer)))
        #expect(steps(machine.attemptEstablished(second)) == [.cancelTimeout(second), .emit("reconnected")])
        #expect(
            steps(machine.attemptEnded(second, reason: networkDown))
                == [.close(second), .emit("disconnected(network down)"), .scheduleRetry(attempt: 1, of: 3, interval: 5)])
    }

    @Test("Reconnect now cancels the pending wait and makes that attempt at once with the application's timeout")
    func reconnectNowReplacesTheWait() throws {
        var (machine, link) = try connected(seedExample)
        let timer = try #require(scheduledTimer(machine.attemptEnded(link, reason: networkDown)))
        let now = machine.reconnect(timeout: 2)
        #expect(steps(now) == [.cancelRetryTimer(timer), .emit("reconnecting(attempt 1 of 3)"), .open(timeout: 2)])
        let attempt = try #require(openedAttempt(now))
        #expect(
            steps(machine.attemptEnded(attempt, reason: networkDown))
                == [.close(attempt), .emit("disconnected(network down)"), .scheduleRetry(attempt: 2, of: 3, interval: 10)])
    }

    @Test("Reconnect now during an attempt abandons it and starts a new one with the same number")
    func reconnectNowReplacesAnAttempt() throws {
        var (machine, link) = try connected(seedExample)
        let timer = try #require(scheduledTimer(machine.attemptEnded(link, reason: networkDown)))
        let old = try #require(openedAttempt(machine.retryTimerFired(timer)))
        let now = machine.reconnect(timeout: 2)
        #expect(steps(now) == [.close(old), .emit("reconnecting(attempt 1 of 3)"), .open(timeout: 2)])
        #expect(openedAttempt(now) != old)
    }

    @Test("Reconnect does nothing before the initial connection is up or while connected")
    func reconnectIsIgnoredWhenNotDisconnected() throws {
        var machine = Machine(policy: seedExample, initialConnectTimeout: 30)
        #expect(machine.reconnect(timeout: 2).isEmpty)
        let initial = try #require(openedAttempt(try machine.start().get()))
        #expect(machine.reconnect(timeout: 2).isEmpty)
        _ = machine.attemptEstablished(initial)
        #expect(machine.reconnect(timeout: 2).isEmpty)
    }

    @Test("Results of stale attempts and firings of superseded timers are ignored")
    func staleResultsAreIgnored() throws {
        var (machine, link) = try connected(seedExample)
        let timer = try #require(scheduledTimer(machine.attemptEnded(link, reason: networkDown)))
        let old = try #require(openedAttempt(machine.retryTimerFired(timer)))
        let current = try #require(openedAttempt(machine.reconnect(timeout: 2)))
        #expect(machine.retryTimerFired(timer).isEmpty)
        #expect(machine.attemptEstablished(old).isEmpty)
        #expect(machine.attemptTimedOut(old).isEmpty)
        #expect(machine.attemptEnded(old, reason: networkDown).isEmpty)
        #expect(machine.attemptEnded(link, reason: networkDown).isEmpty)
        #expect(steps(machine.attemptEstablished(current)) == [.cancelTimeout(current), .emit("reconnected")])
        #expect(machine.attemptTimedOut(current).isEmpty)
    }

    @Test("Terminate ends the connection with the application's error, whatever it was doing")
    func terminateEndsWithError() throws {
        let gaveUp = TestError("gave up")
        var (connectedMachine, link) = try connected(seedExample)
        #expect(steps(connectedMachine.terminate(error: gaveUp)) == [.close(link), .emit("terminated(gave up)"), .finish])

        var (waiting, lost) = try connected(seedExample)
        let timer = try #require(scheduledTimer(waiting.attemptEnded(lost, reason: networkDown)))
        #expect(steps(waiting.terminate(error: gaveUp)) == [.cancelRetryTimer(timer), .emit("terminated(gave up)"), .finish])

        var (reconnecting, dropped) = try connected(seedExample)
        let retry = try #require(scheduledTimer(reconnecting.attemptEnded(dropped, reason: networkDown)))
        let attempt = try #require(openedAttempt(reconnecting.retryTimerFired(retry)))
        #expect(steps(reconnecting.terminate(error: gaveUp)) == [.close(attempt), .emit("terminated(gave up)"), .finish])
    }

    @Test("Disconnect ends the connection on purpose, with no reason")
    func disconnectEndsWithoutReason() throws {
        var (machine, link) = try connected(seedExample)
        #expect(steps(machine.disconnect()) == [.close(link), .emit("terminated"), .finish])
    }

    @Test("Ending the connection during the initial attempt fails start instead of notifying")
    func endingDuringStartFailsStart() throws {
        var disconnected = Machine(policy: seedExample, initialConnectTimeout: 30)
        let first = try #require(openedAttempt(try disconnected.start().get()))
        #expect(steps(disconnected.disconnect()) == [.close(first), .startFailed("\(ConnectionError.ended)"), .finish])

        var terminated = Machine(policy: seedExample, initialConnectTimeout: 30)
        let second = try #require(openedAttempt(try terminated.start().get()))
        #expect(steps(terminated.terminate(error: TestError("gave up"))) == [.close(second), .startFailed("gave up"), .finish])
    }

    @Test("After termination every event and command is ignored")
    func terminationIsFinal() throws {
        var (machine, link) = try connected(seedExample)
        let timer = try #require(scheduledTimer(machine.attemptEnded(link, reason: networkDown)))
        let attempt = try #require(openedAttempt(machine.retryTimerFired(timer)))
        #expect(steps(machine.disconnect()).last == .finish)
        #expect(machine.attemptEstablished(attempt).isEmpty)
        #expect(machine.attemptEnded(attempt, reason: networkDown).isEmpty)
        #expect(machine.attemptTimedOut(attempt).isEmpty)
        #expect(machine.retryTimerFired(timer).isEmpty)
        #expect(machine.reconnect(timeout: 1).isEmpty)
        #expect(machine.terminate(error: networkDown).isEmpty)
        #expect(machine.disconnect().isEmpty)
    }

    @Test("With no retry intervals a loss is only reported, and the application's attempts are numbered without a limit")
    func emptyRetryIntervalsLeaveControlToTheApplication() throws {
        var (machine, link) = try connected(ReconnectPolicy(retryIntervals: [], maxReconnectTimeouts: [5]))
        #expect(steps(machine.attemptEnded(link, reason: networkDown)) == [.close(link), .emit("disconnected(network down)")])
        let first = machine.reconnect(timeout: 3)
        #expect(steps(first) == [.emit("reconnecting(attempt 1)"), .open(timeout: 3)])
        let firstID = try #require(openedAttempt(first))
        #expect(steps(machine.attemptEnded(firstID, reason: networkDown)) == [.close(firstID), .emit("disconnected(network down)")])
        let second = machine.reconnect(timeout: 4)
        #expect(steps(second) == [.emit("reconnecting(attempt 2)"), .open(timeout: 4)])
        let secondID = try #require(openedAttempt(second))
        #expect(steps(machine.attemptEstablished(secondID)) == [.cancelTimeout(secondID), .emit("reconnected")])
    }

    @Test("Attempts beyond the timeouts list use its last value; with no timeouts at all, the initial connect timeout")
    func missingTimeoutsFallBack() throws {
        var (shortList, link) = try connected(ReconnectPolicy(retryIntervals: [2, 5, 10], maxReconnectTimeouts: [1]))
        var timer = try #require(scheduledTimer(shortList.attemptEnded(link, reason: networkDown)))
        for number in 1...3 {
            let fired = shortList.retryTimerFired(timer)
            #expect(steps(fired).last == .open(timeout: 1))
            let attempt = try #require(openedAttempt(fired))
            if number < 3 {
                timer = try #require(scheduledTimer(shortList.attemptEnded(attempt, reason: networkDown)))
            }
        }

        var (noTimeouts, noTimeoutsLink) = try connected(ReconnectPolicy(retryIntervals: [2], maxReconnectTimeouts: []))
        let noTimeoutsTimer = try #require(scheduledTimer(noTimeouts.attemptEnded(noTimeoutsLink, reason: networkDown)))
        #expect(steps(noTimeouts.retryTimerFired(noTimeoutsTimer)).last == .open(timeout: 30))
    }

    @Test("Every attempt that is opened is closed exactly once by the time the connection ends")
    func everyAttemptIsClosedOnce() throws {
        var machine = Machine(policy: seedExample, initialConnectTimeout: 30)
        var actions = try machine.start().get()
        let initial = try #require(openedAttempt(actions))
        actions += machine.attemptEstablished(initial)
        actions += machine.attemptEnded(initial, reason: networkDown)
        let fired = machine.retryTimerFired(try #require(scheduledTimer(actions)))
        actions += fired
        let replaced = machine.reconnect(timeout: 2)
        actions += replaced
        actions += machine.attemptTimedOut(try #require(openedAttempt(replaced)))
        actions += machine.reconnect(timeout: 3)
        actions += machine.terminate(error: networkDown)

        var opened: [Machine.AttemptID] = []
        var closed: [Machine.AttemptID] = []
        for action in actions {
            if case .openTransport(let id, _) = action { opened.append(id) }
            if case .closeAttempt(let id) = action { closed.append(id) }
        }
        #expect(opened.count == 4)
        #expect(closed == opened)
    }
}
