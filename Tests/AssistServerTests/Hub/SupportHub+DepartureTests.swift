@testable import AssistServer
import AssistCore
import Testing

@Suite("The hub: an agent with many sessions leaves in parts, on a manual clock", .timeLimit(.minutes(1)))
struct SupportHubDepartureTests {
    static let grace = 5
    static let held = 60

    /// Sam (capacity ``held``) working on ``held`` sessions, then gone: the
    /// consumers in the order they joined, and Sam's link.
    private static func samHoldingSessions(
        _ fixture: HubFixture
    ) async throws -> (consumers: [FakeLink<ServerToConsumerMessage>], sam: FakeLink<ServerToAgentMessage>) {
        let sam = FakeLink<ServerToAgentMessage>(id: 1, role: .agent)
        await fixture.hub.connected(sam.link)
        await sam.send(AgentMessage.hello(AgentHello(versions: ProtocolVersion.supported, token: HubFixture.samToken)), to: fixture.hub)
        var consumers: [FakeLink<ServerToConsumerMessage>] = []
        for index in 0..<Self.held {
            let consumer = FakeLink<ServerToConsumerMessage>(id: 100 + index, role: .consumer)
            await fixture.hub.connected(consumer.link)
            await consumer.send(
                ConsumerMessage.hello(ConsumerHello(versions: ProtocolVersion.supported, destination: "support")),
                to: fixture.hub)
            consumers.append(consumer)
        }
        for _ in 0..<Self.held {
            await sam.send(AgentMessage.acceptNext, to: fixture.hub)
            _ = try await sam.next { if case .sessionAssigned(let a) = $0 { a } else { nil } }
        }
        return (consumers, sam)
    }

    /// A hub on a ``GatedStorage`` whose Sam can hold ``held`` sessions.
    private static func gatedFixture() throws -> (GatedStorage, HubFixture) {
        let storage = GatedStorage()
        let fixture = try HubFixture(settings: HubSettings(gracePeriodSeconds: grace), store: storage, samCapacity: held)
        return (storage, fixture)
    }

    /// Moves the clock to the end of Sam's grace period.
    private static func letGracePass(_ fixture: HubFixture) async throws {
        let deadline = await fixture.clock.nextDeadline()
        try #require(deadline.offset == fixture.clock.now.offset + .seconds(Self.grace))
        fixture.clock.advance(to: deadline)
    }

    /// The number of sessions each transaction put back in the queue.
    private static func requeuedPerTransaction(_ storage: GatedStorage) -> [Int] {
        storage.transactions.map { events in
            events.reduce(0) { $0 + $1.sessions.filter { $0.phase == .queued && $0.agentID == nil && $0.assignedAt == nil }.count }
        }
    }

    @Test("60 sessions go back in events of at most 25, oldest first in the queue, each consumer told once")
    func sessionsGoBackInParts() async throws {
        let (storage, fixture) = try Self.gatedFixture()
        let (consumers, sam) = try await Self.samHoldingSessions(fixture)
        let before = storage.transactions.count
        await fixture.hub.disconnected(sam.link)
        try await Self.letGracePass(fixture)
        for consumer in consumers {
            _ = try await consumer.next { if case .agentLeft(let agent) = $0 { agent } else { nil } }
        }
        for (index, consumer) in consumers.enumerated() {
            let position = try await consumer.next { if case .queueUpdate(let update) = $0 { update.position } else { nil } }
            #expect(position == index + 1, "consumer \(index) is back at its place")
        }
        let parts = Self.requeuedPerTransaction(storage).dropFirst(before).filter { $0 > 0 }
        #expect(Array(parts) == [25, 25, 10])
    }

    @Test("another session's chat during a departure is stored between its parts, not behind all of them")
    func otherEventsGoBetweenParts() async throws {
        let (storage, fixture) = try Self.gatedFixture()
        let (consumers, sam) = try await Self.samHoldingSessions(fixture)
        let waiting = FakeLink<ServerToConsumerMessage>(id: 99, role: .consumer)
        await fixture.hub.connected(waiting.link)
        await waiting.send(
            ConsumerMessage.hello(ConsumerHello(versions: ProtocolVersion.supported, destination: "support")), to: fixture.hub)
        await fixture.hub.disconnected(sam.link)
        await fixture.hub.commits.flushed()
        let before = storage.transactions.count
        storage.hold()
        try await Self.letGracePass(fixture)
        while storage.pendingCommits == 0 { await Task.yield() }
        await waiting.send(
            ConsumerMessage.chat(clientMessageID: ClientMessageID("c-1"), text: "still here"), to: fixture.hub)
        storage.release()
        for consumer in consumers {
            _ = try await consumer.next { if case .agentLeft(let agent) = $0 { agent } else { nil } }
        }
        await fixture.hub.commits.flushed()
        let transactions = Array(storage.transactions.dropFirst(before))
        let chat = try #require(transactions.firstIndex { $0.contains { !$0.chats.isEmpty } })
        let requeued = Array(Self.requeuedPerTransaction(storage).dropFirst(before))
        let lastPart = try #require(requeued.lastIndex { $0 > 0 })
        #expect(chat < lastPart, "the chat waited for the whole departure: \(requeued)")
        #expect(requeued[chat] <= 25, "the chat was stored with one part at most")
    }
}
