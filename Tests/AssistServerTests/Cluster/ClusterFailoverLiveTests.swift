import AssistCore
import Foundation
import Testing

@Suite("Cluster: a node killed with -9 during a chat", .serialized, .timeLimit(.minutes(5)))
struct ClusterFailoverLiveTests {
    /// Chats each way.
    static let messagesEachWay = 30
    /// The person's chats sent before the node is killed.
    static let sentBeforeKill = 10

    private static func configuration(server: String) throws -> Configuration {
        var configuration = Configuration()
        configuration.server = URL(string: server)
        configuration.destination = "support"
        configuration.retryIntervals = [0.1, 0.2] + Array(repeating: 0.5, count: 60)
        configuration.maxReconnectTimeouts = [5]
        return configuration
    }

    /// Sam's connection after `lost` ended: resumed through `url`, trying
    /// again until a node with a leader answers.
    private static func resume(_ lost: AgentPeer, token: ResumeToken, through url: String) async throws -> AgentPeer {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let channel = await lost.channelForResume()
            let peer = AgentPeer(server: url, path: "/v1/agent", channel: channel)
            try await peer.sendHandshake(.resume(ResumeRequest(resumeToken: token, lastReceivedSeq: channel.lastReceivedSeq)))
            do {
                _ = try await peer.expect("welcome of a resume", timeout: .seconds(5)) {
                    if case .welcome(let w) = $0 { w } else { nil }
                }
                return peer
            } catch {
                await peer.close()
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        throw ClusterFixtureError.noLeader
    }

    @Test(
        "kill -9 of a node during a chat: both sides resume through the balancer; no chat lost, duplicated or reordered",
        arguments: [true, false])
    func killDuringChat(killingTheLeader: Bool) async throws {
        try await ClusterFixture.run { cluster in
            let balancer = cluster.balancer.url
            let client = try SupportClient(
                configuration: try Self.configuration(server: balancer),
                submission: PrechatSubmission(answers: [], visitorName: "Ada"))
            let probe = ConsumerClientProbe(client)
            try await client.start()
            let (firstSam, samWelcome, assignment) = try await ClusterFixture.samTakesNext(through: balancer)
            var sam = firstSam
            try await probe.wait("the agent") { events in
                events.contains { if case .phaseChanged(.withAgent) = $0 { true } else { false } }
            }
            let leader = try await cluster.leaderIndex()
            let victim = killingTheLeader ? leader : 1 - leader

            let sender = Task {
                for number in 1...Self.messagesEachWay {
                    await client.send("c-\(number)")
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            var fromPerson: [String] = []
            var killedAt: ContinuousClock.Instant?
            var resumedAt: ContinuousClock.Instant?
            var resumptions = 0
            while fromPerson.count < Self.messagesEachWay {
                switch try await sam.next(timeout: .seconds(60)) {
                case .message(let envelope):
                    guard case .chat(_, let message) = envelope.message, message.author == .consumer else { continue }
                    fromPerson.append(message.text)
                    try await sam.send(
                        .chat(
                            sessionID: assignment.sessionID, clientMessageID: ClientMessageID("a-\(fromPerson.count)"),
                            text: "a-\(fromPerson.count)"))
                    if fromPerson.count == Self.sentBeforeKill, killedAt == nil {
                        killedAt = .now
                        await cluster.kill(node: victim)
                    }
                case .closed:
                    sam = try await Self.resume(sam, token: samWelcome.resumeToken, through: balancer)
                    resumptions += 1
                    resumedAt = .now
                case .binary, .undecodable:
                    continue
                }
            }
            try await sender.value
            try await probe.wait("every agent chat and every receipt", timeout: .seconds(60)) { events in
                guard let entries = events.transcript?.entries else { return false }
                return entries.filter(\.isFromAgent).count >= Self.messagesEachWay
                    && entries.filter(\.isOwn).allSatisfy { $0.delivery == .delivered }
            }
            let entries = try #require(await probe.latestTranscript?.entries)
            let toAgent = DeliveryTally(texts: fromPerson, prefix: "c-", sent: Self.messagesEachWay)
            let toPerson = DeliveryTally(
                texts: entries.filter(\.isFromAgent).map(\.text), prefix: "a-", sent: Self.messagesEachWay)
            #expect(toAgent.isExact, "person → agent: \(toAgent)")
            #expect(toPerson.isExact, "agent → person: \(toPerson)")
            let connectionsResumed = await probe.resumedConnections
            #expect(killingTheLeader == false || (connectionsResumed > 0 && resumptions > 0), "the leader's death reached both sides")
            var agentBack: Duration?
            if let killedAt, let resumedAt { agentBack = resumedAt - killedAt }
            print(
                "cluster failover (\(killingTheLeader ? "leader" : "follower") killed): person resumed \(connectionsResumed)×, "
                    + "agent \(resumptions)×\(agentBack.map { ", agent resumed \($0) after the kill" } ?? ""); "
                    + "person → agent \(toAgent); agent → person \(toPerson)")
            try await cluster.waitUntilReady()
        }
    }
}
