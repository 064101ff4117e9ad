import AssistCore
import AssistServer
import Foundation
import Testing

extension FaultInjectionLiveTests {
    /// How often the test server pings every connection here. A pong later
    /// than this makes the server close the link ("Ping timeout"), which a
    /// loaded machine can cause; the tests pin only what the app's own
    /// read-idle deadline does.
    static let fastPingInterval = Duration.seconds(1)
    /// The app's read-idle limit here: four of those pings.
    static let shortReadIdleLimit = Duration.seconds(4)

    private static func settingsWithFastPings() throws -> ServerSettings {
        var settings = try TestServer.settings()
        settings.pingInterval = fastPingInterval
        return settings
    }

    private static func client(server: String) throws -> SupportClient {
        try SupportClient(
            configuration: try configuration(server: server),
            submission: PrechatSubmission(answers: [], visitorName: "Ada"),
            readIdleLimit: shortReadIdleLimit)
    }

    @Test("a healthy link that carries nothing but the server's pings is kept past the read-idle limit")
    func idleLinkIsKept() async throws {
        try await TestServer.run(try Self.settingsWithFastPings()) { url in
            let client = try Self.client(server: url)
            let probe = ConsumerClientProbe(client)
            try await client.start()
            try await Task.sleep(for: Self.shortReadIdleLimit * 3)
            let reasons = await probe.disconnectionReasons
            #expect(!reasons.contains { $0 is LinkSilence }, "the app gave up a link that had the server's pings: \(reasons)")
        }
    }

    @Test("a link that stops forwarding both ways without closing is noticed, replaced and resumed, losing and doubling no chat")
    func halfOpenLinkIsReplaced() async throws {
        try await TestServer.run(try Self.settingsWithFastPings()) { url in
            let proxy = try CuttingProxy(upstreamPort: try #require(URL(string: url)?.port))
            defer { proxy.stop() }
            let client = try Self.client(server: "http://127.0.0.1:\(proxy.port)")
            let probe = ConsumerClientProbe(client)
            try await client.start()
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            let assignment = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
            try await probe.wait("the agent") { events in
                events.contains { if case .phaseChanged(.withAgent) = $0 { true } else { false } }
            }
            var fromConsumer: [String] = []
            func chatEachWay(_ number: Int) async throws {
                await client.send("c-\(number)")
                try await sam.send(
                    .chat(sessionID: assignment.sessionID, clientMessageID: ClientMessageID("a-\(number)"), text: "a-\(number)"))
            }
            func consumerChats(until count: Int) async throws {
                while fromConsumer.count < count {
                    fromConsumer.append(
                        try await sam.expect("the consumer's chat \(fromConsumer.count + 1)", timeout: .seconds(30)) {
                            if case .chat(_, let message) = $0, message.author == .consumer { message.text } else { nil }
                        })
                }
            }

            try await chatEachWay(1)
            try await consumerChats(until: 1)
            try await probe.wait("the agent's first chat") { events in
                events.transcript?.entries.contains { $0.text == "a-1" } == true
            }
            #expect(proxy.stallAll() == 1)
            let stalled = ContinuousClock.now
            try await chatEachWay(2)
            try await probe.waitForConnection("the app giving up the silent link and resuming", timeout: .seconds(30)) { events in
                events.contains { if case .reconnected = $0 { true } else { false } }
            }
            let resumedAfter = ContinuousClock.now - stalled
            try await chatEachWay(3)
            try await consumerChats(until: 3)
            try await probe.wait("every agent chat and every receipt", timeout: .seconds(30)) { events in
                guard let entries = events.transcript?.entries else { return false }
                return entries.filter(\.isFromAgent).count >= 3 && entries.filter(\.isOwn).allSatisfy { $0.delivery == .delivered }
            }
            let entries = try #require(await probe.latestTranscript?.entries)

            let toAgent = DeliveryTally(Self.numbers(fromConsumer, prefix: "c-"), sent: 3)
            let toConsumer = DeliveryTally(Self.numbers(entries.filter(\.isFromAgent).map(\.text), prefix: "a-"), sent: 3)
            #expect(toAgent.isExact, "consumer → agent: \(toAgent)")
            #expect(toConsumer.isExact, "agent → consumer: \(toConsumer)")
            #expect(Self.numbers(entries.filter(\.isOwn).map(\.text), prefix: "c-") == [1, 2, 3])
            let reasons = await probe.disconnectionReasons
            #expect(reasons.contains { $0 is LinkSilence }, "the app did not give up the silent link itself: \(reasons)")
            print(
                "half-open link: resumed \(resumedAfter) after it stalled (read-idle limit \(Self.shortReadIdleLimit)); "
                    + "consumer → agent \(toAgent); agent → consumer \(toConsumer)")
        }
    }
}
