import AssistCore
import AssistServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite("Cluster: nodes on one PostgreSQL, behind nginx", .serialized, .timeLimit(.minutes(5)))
struct ClusterLiveTests {
    @Test("a person on one node and an agent on the other chat both ways, with positions, receipts and typing")
    func crossNodeSession() async throws {
        try await ClusterFixture.run { cluster in
            let (consumer, welcome) = try await TestServer.consumer(try cluster.url(ofNode: 0))
            let position = try await consumer.expect("queue position") { if case .queueUpdate(let q) = $0 { q } else { nil } }
            #expect(position.position == 1)
            let (sam, _, assignment) = try await ClusterFixture.samTakesNext(through: try cluster.url(ofNode: 1))
            #expect(assignment.sessionID == welcome.sessionID)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }

            try await consumer.send(.chat(clientMessageID: "c-1", text: "my screen is blank"))
            let relayed = try await sam.expect("the person's chat") { if case .chat(_, let m) = $0 { m.text } else { nil } }
            #expect(relayed == "my screen is blank")
            let receipt = try await consumer.expect("delivered receipt") {
                if case .chatReceipt(let r) = $0, r.status == .delivered { r } else { nil }
            }
            #expect(receipt.clientMessageID == "c-1")

            try await sam.send(.typing(sessionID: welcome.sessionID, isTyping: true))
            let typing = try await consumer.expect("typing") { if case .typing(_, let t) = $0 { t } else { nil } }
            #expect(typing)
            try await sam.send(.chat(sessionID: welcome.sessionID, clientMessageID: "a-1", text: "let me look"))
            let answer = try await consumer.expect("the agent's chat") { if case .chat(let m) = $0 { m.text } else { nil } }
            #expect(answer == "let me look")
        }
    }

    @Test("people queued through both nodes share one queue: positions by arrival, the longest-waiting taken first")
    func oneFairQueue() async throws {
        try await ClusterFixture.run { cluster in
            var people: [(ConsumerPeer, ConsumerWelcome)] = []
            for index in 0..<4 {
                let person = try await TestServer.consumer(try cluster.url(ofNode: index % 2), visitor: "P\(index)")
                let position = try await person.0.expect("position of P\(index)") {
                    if case .queueUpdate(let q) = $0 { q.position } else { nil }
                }
                #expect(position == index + 1, "P\(index) queued through node \(index % 2)")
                people.append(person)
            }
            let (_, _, assignment) = try await ClusterFixture.samTakesNext(through: try cluster.url(ofNode: 1))
            #expect(assignment.sessionID == people[0].1.sessionID, "the longest-waiting person is taken first")
            for (index, person) in people.enumerated().dropFirst() {
                let moved = try await person.0.expect("new position of P\(index)") {
                    if case .queueUpdate(let q) = $0, q.position == index { q.position } else { nil }
                }
                #expect(moved == index)
            }
        }
    }

    @Test("a resume token from one node resumes on the other, with what was sent meanwhile")
    func resumeOnAnotherNode() async throws {
        try await ClusterFixture.run { cluster in
            let (consumer, welcome) = try await TestServer.consumer(try cluster.url(ofNode: 0))
            let (sam, _, _) = try await ClusterFixture.samTakesNext(through: try cluster.url(ofNode: 0))
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            let channel = await consumer.channelForResume()
            await consumer.close()
            _ = try await consumer.messagesUntilClosed()
            try await sam.send(.chat(sessionID: welcome.sessionID, clientMessageID: "a-1", text: "are you there?"))
            _ = try await sam.expect("receipt") { if case .chatReceipt = $0 { true } else { nil } }

            let resumed = ConsumerPeer(server: try cluster.url(ofNode: 1), path: "/v1/consumer", channel: channel)
            try await resumed.sendHandshake(
                .resume(ResumeRequest(resumeToken: welcome.resumeToken, lastReceivedSeq: channel.lastReceivedSeq)))
            let missed = try await resumed.expect("the chat sent meanwhile") { if case .chat(let m) = $0 { m.text } else { nil } }
            #expect(missed == "are you there?")
        }
    }

    @Test("a short code created through one node is redeemed through the other, and its session opens there")
    func shortCodeAcrossNodes() async throws {
        try await ClusterFixture.run { cluster in
            let code = try await Self.createShortCode(on: try cluster.url(ofNode: 0))
            let redeem = try #require(
                URL(string: try cluster.url(ofNode: 1) + "/assistserver/shortcode/consumer?appkey=\(code)"))
            let (redeemed, response) = try await URLSession.shared.data(from: redeem)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            let grant = try JSONDecoder().decode([String: String].self, from: redeemed)
            let token = try #require(grant["session-token"])

            let consumer = ConsumerPeer(server: try cluster.url(ofNode: 1), path: "/v1/consumer")
            try await consumer.sendHandshake(
                .hello(ConsumerHello(destination: nil, sessionToken: token)))
            _ = try await consumer.expect("welcome for the code's session") {
                if case .welcome(let w) = $0 { w } else { nil }
            }
        }
    }

    @Test("wrong short codes sent through both nodes count against one limit: the sixth, a correct code, gets 429 on either")
    func shortCodeRateLimitAcrossNodes() async throws {
        try await ClusterFixture.run { cluster in
            let nodes = [try cluster.url(ofNode: 0), try cluster.url(ofNode: 1)]
            let code = try await Self.createShortCode(on: nodes[0])
            for attempt in 0..<RedemptionRateLimiter.defaultMaxFailures {
                #expect(try await Self.consumerRedemptionStatus(of: "ZZZZ-ZZZZ", on: nodes[attempt % 2]) == 404)
            }
            for node in nodes {
                #expect(try await Self.consumerRedemptionStatus(of: code, on: node) == 429)
            }
        }
    }

    @Test("the agent console's origin is the cluster's public one: every node and the balancer let it in, and no other")
    func consoleOriginIsTheClustersPublicOne() async throws {
        let publicOrigin = "https://support.example.test"
        try await ClusterFixture.run(allowedOrigins: ["ws://127.0.0.1", publicOrigin]) { cluster in
            for url in [try cluster.url(ofNode: 0), try cluster.url(ofNode: 1), cluster.balancer.url] {
                #expect(try UpgradeProbe.status(of: url, path: "/v1/agent", origin: publicOrigin) == 101, "\(url)")
                #expect(
                    try UpgradeProbe.status(of: url, path: "/v1/agent", origin: "https://elsewhere.example.test") == 400,
                    "\(url)")
            }
        }
    }

    /// A short code created through the server at `url`.
    private static func createShortCode(on url: String) async throws -> String {
        var request = URLRequest(url: try #require(URL(string: url + "/assistserver/shortcode/create")))
        request.httpMethod = "PUT"
        let (created, _) = try await URLSession.shared.data(for: request)
        return try #require(try JSONDecoder().decode([String: String].self, from: created)["shortCode"])
    }

    /// The status the server at `url` answers a consumer's redemption of `code` with.
    private static func consumerRedemptionStatus(of code: String, on url: String) async throws -> Int? {
        let redeem = try #require(URL(string: url + "/assistserver/shortcode/consumer?appkey=\(code)"))
        let (_, response) = try await URLSession.shared.data(from: redeem)
        return (response as? HTTPURLResponse)?.statusCode
    }
}

@Suite("Cluster: the database out of reach", .serialized, .timeLimit(.minutes(5)))
struct ClusterDatabaseOutageLiveTests {
    /// Waits until `condition` holds, checking every 200 ms, at most `timeout`.
    private static func eventually(
        _ what: String, timeout: Duration = .seconds(30), _ condition: () async -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        Issue.record("\(what) did not happen within \(timeout)")
        throw ClusterFixtureError.noLeader
    }

    @Test("nodes cut off the database say so in /healthz and refuse connections, and recover by themselves; no session is lost")
    func outageAndRecovery() async throws {
        try await ClusterFixture.run { cluster in
            let balancer = cluster.balancer.url
            let (consumer, welcome) = try await TestServer.consumer(balancer)
            let sam = AgentPeer(server: balancer, path: "/v1/agent")
            try await sam.sendHandshake(.hello(AgentHello(token: TestServer.samToken)))
            let samWelcome = try await sam.expect("agent welcome") { if case .welcome(let w) = $0 { w } else { nil } }
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            try await consumer.send(.chat(clientMessageID: "c-1", text: "before the outage"))
            _ = try await sam.expect("chat before the outage") { if case .chat(_, let m) = $0 { m.text } else { nil } }
            let nodes = [try cluster.url(ofNode: 0), try cluster.url(ofNode: 1)]

            try await cluster.cutDatabase()
            try await Self.eventually("both nodes answering 503") {
                var ready = false
                for node in nodes { ready = await ClusterFixture.isReady(node) || ready }
                return !ready
            }
            let refused = ConsumerPeer(server: nodes[0], path: "/v1/consumer")
            try await refused.sendHandshake(TestServer.hello())
            #expect(try await refused.closeCode() == nil, "an upgrade during the outage is refused")

            try await cluster.restoreDatabase()
            try await Self.eventually("both nodes ready again") {
                var ready = true
                for node in nodes { ready = await ClusterFixture.isReady(node) && ready }
                return ready
            }
            try await cluster.waitUntilReady()
            let consumerChannel = await consumer.channelForResume()
            let samChannel = await sam.channelForResume()
            let resumedConsumer = ConsumerPeer(server: balancer, path: "/v1/consumer", channel: consumerChannel)
            try await resumedConsumer.sendHandshake(
                .resume(ResumeRequest(resumeToken: welcome.resumeToken, lastReceivedSeq: consumerChannel.lastReceivedSeq)))
            _ = try await resumedConsumer.expect("welcome after the outage") { if case .welcome(let w) = $0 { w } else { nil } }
            let resumedSam = AgentPeer(server: balancer, path: "/v1/agent", channel: samChannel)
            try await resumedSam.sendHandshake(
                .resume(ResumeRequest(resumeToken: samWelcome.resumeToken, lastReceivedSeq: samChannel.lastReceivedSeq)))
            _ = try await resumedSam.expect("agent welcome after the outage") { if case .welcome(let w) = $0 { w } else { nil } }
            try await resumedConsumer.send(.chat(clientMessageID: "c-2", text: "after the outage"))
            let after = try await resumedSam.expect("chat after the outage") { if case .chat(_, let m) = $0 { m.text } else { nil } }
            #expect(after == "after the outage")
        }
    }
}
