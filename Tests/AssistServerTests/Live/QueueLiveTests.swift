import AssistCore
import AssistServer
import Testing

@Suite("Live server: the queue")
struct QueueLiveTests {
    @Test("positions follow max(n - c, 0) as an agent comes online, takes a session and leaves")
    func positionsFollowAgents() async throws {
        try await TestServer.run(try TestServer.settings(gracePeriodSeconds: 0)) { url in
            let (first, _) = try await TestServer.consumer(url, visitor: "First")
            #expect(try await first.expect("position") { $0.queuePosition } == 1)
            let (second, _) = try await TestServer.consumer(url, visitor: "Second")
            #expect(try await second.expect("position") { $0.queuePosition } == 2)

            let sam = try await TestServer.agent(url)
            #expect(try await first.expect("position with sam online") { $0.queuePosition } == 0)
            #expect(try await second.expect("position with sam online") { $0.queuePosition } == 1)
            let snapshot = try await sam.expect("queue snapshot") {
                if case .queueSnapshot(let snapshot) = $0, snapshot.entries.count == 2 { snapshot } else { nil }
            }
            #expect(snapshot.entries.map(\.visitorName) == ["First", "Second"])
            #expect(snapshot.entries.map(\.position) == [0, 1])

            try await sam.send(.acceptNext)
            _ = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
            _ = try await first.expect("agent joined") { if case .agentJoined(let agent) = $0 { agent } else { nil } }
            let (third, _) = try await TestServer.consumer(url, visitor: "Third")
            #expect(try await third.expect("position while sam is busy") { $0.queuePosition } == 2)

            await sam.close()
            let left = try await first.expect("agent left") { if case .agentLeft(let agent) = $0 { agent } else { nil } }
            #expect(left.id == "sam")
            #expect(try await first.expect("back in the queue") { $0.queuePosition } == 1)
            #expect(try await second.expect("behind the returning session") { $0.queuePosition } == 2)
            #expect(try await third.expect("behind both") { $0.queuePosition } == 3)
        }
    }

    @Test("an agent that accepts with nobody waiting is told the queue is empty")
    func acceptWithEmptyQueue() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            let report = try await sam.expect("error") { if case .error(let report) = $0 { report } else { nil } }
            #expect(report.code == .queueEmpty)
        }
    }
}
