@testable import AssistServer
import AssistCore
import Foundation
import Testing

@Suite("Cluster: a leader paused past its lease", .serialized, .timeLimit(.minutes(3)))
struct ClusterPauseLiveTests {
    /// How long the leader stays paused: well past its lease.
    static let pause = Duration.seconds(10)

    @Test("a leader SIGSTOPped for 10 s loses the lead to the other node; resumed, nothing it still writes or sends gets in, and nothing is lost or doubled")
    func pausedLeaderIsFencedOff() async throws {
        try await ClusterFixture.run { cluster in
            let leader = try await cluster.leaderIndex()
            let other = 1 - leader
            let leaderURL = try cluster.url(ofNode: leader)
            let (person, consumerWelcome) = try await TestServer.consumer(leaderURL)
            let (sam, agentWelcome, assignment) = try await ClusterFixture.samTakesNext(through: leaderURL)
            let session = assignment.sessionID
            _ = try await person.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            try await person.send(.chat(clientMessageID: "c-1", text: "c-1"))
            _ = try await sam.expect("c-1") { if case .chat(_, let m) = $0, m.text == "c-1" { m } else { nil } }

            try cluster.pause(node: leader)
            let pausedAt = ContinuousClock.now
            // What both write to the paused leader waits in its sockets.
            try await person.send(.typing(isTyping: true))
            try await person.send(.chat(clientMessageID: "c-2", text: "c-2"))
            try await sam.send(.typing(sessionID: session, isTyping: true))
            try await sam.send(.chat(sessionID: session, clientMessageID: "a-2", text: "a-2"))

            var tookOverAfter: Duration?
            while tookOverAfter == nil, ContinuousClock.now - pausedAt < Self.pause {
                if try await cluster.leads(node: other) { tookOverAfter = ContinuousClock.now - pausedAt }
                try await Task.sleep(for: .milliseconds(100))
            }
            let takeover = try #require(tookOverAfter, "the other node took the lead while the leader was paused")
            #expect(takeover <= NodeLease.duration + .seconds(3), "taken over within a lease and a few ticks: \(takeover)")
            try await Task.sleep(until: pausedAt + Self.pause)
            try cluster.resume(node: leader)

            // Resumed, the old leader reads what waited and sends none of it on.
            let samSaw = try await sam.messagesUntilClosed(timeout: .seconds(15))
            let personSaw = try await person.messagesUntilClosed(timeout: .seconds(15))
            #expect(!samSaw.contains(where: Self.isStale), "Sam got from the paused leader: \(samSaw.filter(Self.isStale))")
            #expect(
                !personSaw.contains(where: Self.isStale), "the person got from the paused leader: \(personSaw.filter(Self.isStale))")
            let stored = "SELECT count(*) FROM chat_messages WHERE text IN ('c-2', 'a-2')"
            #expect(try await cluster.count(stored) == 0, "the paused leader stored none of what waited for it")

            // With the new leader, each chat written during the pause arrives once, from its sender's own outbox.
            let newLeaderURL = try cluster.url(ofNode: other)
            let samChannel = await sam.channelForResume()
            let samAgain = AgentPeer(server: newLeaderURL, path: "/v1/agent", channel: samChannel)
            try await samAgain.sendHandshake(
                .resume(ResumeRequest(resumeToken: agentWelcome.resumeToken, lastReceivedSeq: samChannel.lastReceivedSeq)))
            _ = try await samAgain.expect("Sam's welcome on the new leader") { if case .welcome(let w) = $0 { w } else { nil } }
            let personChannel = await person.channelForResume()
            let personAgain = ConsumerPeer(server: newLeaderURL, path: "/v1/consumer", channel: personChannel)
            try await personAgain.sendHandshake(
                .resume(
                    ResumeRequest(resumeToken: consumerWelcome.resumeToken, lastReceivedSeq: personChannel.lastReceivedSeq)))
            _ = try await personAgain.expect("the person's welcome on the new leader") {
                if case .welcome(let w) = $0 { w } else { nil }
            }
            try await personAgain.send(.chat(clientMessageID: "c-3", text: "c-3"))
            try await samAgain.send(.chat(sessionID: session, clientMessageID: "a-3", text: "a-3"))

            var toSam: [String] = []
            while !toSam.contains("c-3") {
                if case .chat(_, let message) = try await samAgain.expect("chat for Sam", { $0 }) { toSam.append(message.text) }
            }
            var toPerson: [String] = []
            while !toPerson.contains("a-3") {
                if case .chat(let message) = try await personAgain.expect("chat for the person", { $0 }) {
                    toPerson.append(message.text)
                }
            }
            #expect(toSam == ["c-2", "c-3"], "person → Sam after the pause")
            #expect(toPerson == ["a-2", "a-3"], "Sam → person after the pause")
            #expect(try await cluster.count(stored) == 2, "each chat written during the pause is stored once")
            print("cluster pause: the other node led \(takeover) after the leader was paused for \(Self.pause)")
            await samAgain.close()
            await personAgain.close()
        }
    }

    /// What only a leader that still acted after its lease ran out would
    /// send: chat, typing, or a receipt of what was written during the pause.
    @Sendable private static func isStale<Message: WireMessage>(_ message: Message) -> Bool {
        let writtenDuringThePause: Set<String> = ["c-2", "a-2"]
        switch message {
        case let message as ServerToAgentMessage:
            switch message {
            case .chat, .typing: return true
            case .chatReceipt(_, let receipt): return writtenDuringThePause.contains(receipt.clientMessageID.rawValue)
            default: return false
            }
        case let message as ServerToConsumerMessage:
            switch message {
            case .chat, .typing: return true
            case .chatReceipt(let receipt): return writtenDuringThePause.contains(receipt.clientMessageID.rawValue)
            default: return false
            }
        default:
            return false
        }
    }
}
