import AssistCore
import Testing

@Suite("Read-idle deadline: a link on which nothing arrives for the limit is lost")
struct ReadIdleDeadlineTests {
    /// How a link run under the deadline ended.
    private enum Ending: Equatable {
        case closed
        case cancelled
    }

    /// A link that stays up until the test closes it, and reports how it ended.
    private struct FakeLink {
        let close: AsyncStream<Void>.Continuation
        let endings: AsyncStream<Ending>
        let run: @Sendable () async -> Ending

        init() {
            let (closing, close) = AsyncStream.makeStream(of: Void.self)
            let (endings, ended) = AsyncStream.makeStream(of: Ending.self)
            self.close = close
            self.endings = endings
            run = {
                for await _ in closing {}
                let ending: Ending = Task.isCancelled ? .cancelled : .closed
                ended.yield(ending)
                return ending
            }
        }

        /// How the link ended, once it has.
        func ending() async -> Ending? {
            await endings.first { _ in true }
        }
    }

    private static func at(_ seconds: Int) -> ManualClock.Instant {
        ManualClock.Instant(offset: .seconds(seconds))
    }

    @Test("Frames keep the link: each one moves the deadline to a whole limit after it")
    func framesKeepTheLink() async throws {
        let clock = ManualClock()
        let deadline = ReadIdleDeadline(limit: .seconds(10), clock: clock)
        let link = FakeLink()
        let guarded = Task { try await deadline.guarding(link.run) }
        #expect(await clock.nextDeadline() == Self.at(10))

        clock.advance(to: Self.at(6))
        deadline.frameArrived()
        clock.advance(to: Self.at(10))
        #expect(await clock.nextDeadline() == Self.at(16), "the frame at 6 s keeps the link until 16 s")

        clock.advance(to: Self.at(14))
        deadline.frameArrived()
        clock.advance(to: Self.at(16))
        #expect(await clock.nextDeadline() == Self.at(24), "the frame at 14 s keeps the link until 24 s")

        link.close.finish()
        #expect(try await guarded.value == .closed)
        #expect(clock.sleeperCount == 0, "the deadline stops watching a link that ended")
    }

    @Test("Silence for the whole limit after the last frame declares the link lost and cancels it")
    func silenceLosesTheLink() async throws {
        let clock = ManualClock()
        let deadline = ReadIdleDeadline(limit: .seconds(10), clock: clock)
        let link = FakeLink()
        let guarded = Task { try await deadline.guarding(link.run) }
        #expect(await clock.nextDeadline() == Self.at(10))
        clock.advance(to: Self.at(4))
        deadline.frameArrived()
        clock.advance(to: Self.at(10))
        #expect(await clock.nextDeadline() == Self.at(14))

        clock.advance(to: Self.at(14))
        await #expect(throws: LinkSilence(limit: .seconds(10))) { try await guarded.value }
        #expect(await link.ending() == .cancelled)
        #expect(clock.sleeperCount == 0)
    }

    @Test("A link on which nothing ever arrives is lost a whole limit after the deadline was made")
    func silenceFromTheStartLosesTheLink() async throws {
        let clock = ManualClock()
        let deadline = ReadIdleDeadline(limit: .seconds(10), clock: clock)
        let link = FakeLink()
        let guarded = Task { try await deadline.guarding(link.run) }
        #expect(await clock.advanceToNextDeadline() == 10)
        await #expect(throws: LinkSilence(limit: .seconds(10))) { try await guarded.value }
        #expect(await link.ending() == .cancelled)
    }

    @Test("A link that fails within the limit fails with its own error, not with silence")
    func linkErrorsPassThrough() async throws {
        let clock = ManualClock()
        let deadline = ReadIdleDeadline(limit: .seconds(10), clock: clock)
        let guarded = Task {
            try await deadline.guarding { () async throws -> Int in throw LinkClosure(code: nil, reason: nil) }
        }
        await #expect(throws: LinkClosure(code: nil, reason: nil)) { try await guarded.value }
        #expect(clock.sleeperCount == 0, "the deadline stops watching a link that failed")
    }
}
