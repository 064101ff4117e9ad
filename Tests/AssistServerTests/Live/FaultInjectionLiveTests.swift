import AssistCore
import AssistServer
import Foundation
import Testing

@Suite("Live server: the network failing under the app's support client")
struct FaultInjectionLiveTests {
    /// Messages each way.
    static let messagesEachWay = 200
    /// Connection cuts made while they flow.
    static let cuts = 60

    static func configuration(server: String) throws -> Configuration {
        var configuration = Configuration()
        configuration.server = URL(string: server)
        configuration.destination = "support"
        // Reconnect at once and keep trying: the proxy only ever cuts.
        configuration.retryIntervals = [0.05, 0.1, 0.2] + Array(repeating: 0.5, count: 60)
        configuration.maxReconnectTimeouts = [5]
        return configuration
    }

    /// The numbers in texts like `"c-7"`, in the order they appear.
    static func numbers(_ texts: [String], prefix: String) -> [Int] {
        texts.compactMap { $0.hasPrefix(prefix) ? Int($0.dropFirst(prefix.count)) : nil }
    }

    @Test("connections cut at random (reset, FIN, mid-frame) lose, duplicate and reorder no chat either way")
    func randomCutsLoseNothing() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let proxy = try CuttingProxy(upstreamPort: try #require(URL(string: url)?.port))
            defer { proxy.stop() }
            let client = try SupportClient(
                configuration: try Self.configuration(server: "http://127.0.0.1:\(proxy.port)"),
                submission: PrechatSubmission(answers: [], visitorName: "Ada"))
            let probe = ConsumerClientProbe(client)
            try await client.start()
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            let assignment = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
            try await probe.wait("the agent") { events in
                events.contains { if case .phaseChanged(.withAgent) = $0 { true } else { false } }
            }

            var generator = SystemRandomNumberGenerator()
            let cutter = Task {
                var made: [CuttingProxy.Cut] = []
                for _ in 0..<Self.cuts {
                    try await Task.sleep(for: .milliseconds(Int.random(in: 50...250, using: &generator)))
                    let cut = CuttingProxy.Cut.allCases.randomElement(using: &generator)!
                    proxy.cutAll(cut)
                    made.append(cut)
                }
                return made
            }
            for number in 1...Self.messagesEachWay {
                await client.send("c-\(number)")
                try await sam.send(
                    .chat(sessionID: assignment.sessionID, clientMessageID: ClientMessageID("a-\(number)"), text: "a-\(number)"))
                try await Task.sleep(for: .milliseconds(20))
            }
            let made = try await cutter.value

            var fromConsumer: [String] = []
            while fromConsumer.count < Self.messagesEachWay {
                fromConsumer.append(
                    try await sam.expect("the consumer's chat \(fromConsumer.count + 1)", timeout: .seconds(60)) {
                        if case .chat(_, let message) = $0, message.author == .consumer { message.text } else { nil }
                    })
            }
            try await probe.wait("every agent chat and every receipt", timeout: .seconds(60)) { events in
                guard let entries = events.transcript?.entries else { return false }
                let fromAgent = entries.filter { $0.isFromAgent }
                return fromAgent.count >= Self.messagesEachWay
                    && entries.filter(\.isOwn).allSatisfy { $0.delivery == .delivered }
            }
            let entries = try #require(await probe.latestTranscript?.entries)

            let toAgent = DeliveryTally(Self.numbers(fromConsumer, prefix: "c-"), sent: Self.messagesEachWay)
            let toConsumer = DeliveryTally(
                Self.numbers(entries.filter { $0.isFromAgent }.map(\.text), prefix: "a-"), sent: Self.messagesEachWay)
            let ownEntries = Self.numbers(entries.filter(\.isOwn).map(\.text), prefix: "c-")
            #expect(toAgent.isExact, "consumer → agent: \(toAgent)")
            #expect(toConsumer.isExact, "agent → consumer: \(toConsumer)")
            #expect(ownEntries == Array(1...Self.messagesEachWay), "the person's own messages, each once and in order")
            let reconnections = await probe.resumedConnections
            #expect(reconnections > 0, "no cut reached the client: the proxy did not cut")
            print(
                "fault injection: \(made.count) cuts (\(made.filter { $0 == .reset }.count) reset, "
                    + "\(made.filter { $0 == .fin }.count) FIN, \(made.filter { $0 == .midChunk }.count) mid-chunk), "
                    + "\(reconnections) resumed connections; consumer → agent \(toAgent); agent → consumer \(toConsumer)")
        }
    }
}
