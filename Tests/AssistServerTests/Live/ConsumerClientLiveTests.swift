import AssistCore
import AssistServer
import Foundation
import Testing

@Suite("Live server: the app's support client")
struct ConsumerClientLiveTests {
    private static func configuration(server: String) throws -> Configuration {
        var configuration = Configuration()
        configuration.server = URL(string: server)
        configuration.destination = "support"
        // Enough attempts to outlast a restarted debug server's start on a busy machine.
        configuration.retryIntervals = [0.2, 0.5] + Array(repeating: 1, count: 30)
        configuration.maxReconnectTimeouts = [2]
        return configuration
    }

    private static let submission = PrechatSubmission(
        answers: [PrechatAnswer(label: "Email", value: "ada@example.com")], visitorName: "Ada")

    @Test("the client waits in the queue, chats with the agent who joins, and ends support")
    func queueChatAndEnd() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let client = try SupportClient(configuration: try Self.configuration(server: url), submission: Self.submission)
            let probe = ConsumerClientProbe(client)
            try await client.start()
            try await probe.wait("a queue position") { events in
                events.contains { if case .phaseChanged(.waiting(let update?)) = $0 { update.position == 1 } else { false } }
            }

            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            let assignment = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
            #expect(assignment.visitorName == "Ada")
            try await probe.wait("the agent") { events in
                events.contains { if case .phaseChanged(.withAgent(let agent)) = $0 { agent.name == "Sam" } else { false } }
            }

            await client.send("My export fails")
            let received = try await sam.expect("chat") { if case .chat(_, let m) = $0 { m.text } else { nil } }
            #expect(received == "My export fails")
            try await probe.wait("delivered") { $0.transcript?.entries.first?.delivery == .delivered }

            try await sam.send(.chat(sessionID: assignment.sessionID, clientMessageID: "a-1", text: "Let me look"))
            try await probe.wait("the agent's reply") { events in
                events.contains { if case .messageArrived(let entry) = $0 { entry.text == "Let me look" } else { false } }
            }

            await client.endSupport()
            try await probe.wait("the end") { events in
                events.contains { if case .phaseChanged(.ended(let ending)) = $0 { ending.reason == .consumerEnded } else { false } }
            }
            try await probe.waitForConnection("the connection closed on purpose") { events in
                events.contains { if case .terminated(nil) = $0 { true } else { false } }
            }
        }
    }

    @Test("an unanswered screen-share request reaches the person and the answer reaches the agent")
    func screenShareAnswer() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let client = try SupportClient(configuration: try Self.configuration(server: url), submission: Self.submission)
            let probe = ConsumerClientProbe(client)
            try await client.start()
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            let assignment = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
            try await sam.send(.requestScreenShare(sessionID: assignment.sessionID, requestID: "share-1"))
            try await probe.wait("the request") { events in
                events.contains { if case .consentRequested(let r) = $0 { r.id == "share-1" && r.agent.name == "Sam" } else { false } }
            }
            await client.answer("share-1", accepted: true)
            let answer = try await sam.expect("answer") {
                if case .consumerAnswered(_, let id, _, let accepted, _) = $0 { (id, accepted) } else { nil }
            }
            #expect(answer == ("share-1", true))
        }
    }

    @Test("starting against a port nobody listens on fails with a sentence about a refused connection")
    func refusedConnection() async throws {
        let closed = try ClosedPort()
        var configuration = try Self.configuration(server: "http://127.0.0.1:\(closed.port)")
        configuration.initialConnectTimeout = 5
        let client = try SupportClient(configuration: configuration, submission: Self.submission)
        let error = await #expect(throws: (any Error).self) { try await client.start() }
        #expect(error.map { UserFacingError($0).message } == "The support server refused the connection.")
        #expect(await client.phase.isEnded)
        withExtendedLifetime(closed) {}
    }

    @Test("a server killed mid-chat and restarted: the client reconnects by itself and nothing typed is lost")
    func surviveServerRestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let agentsFile = folder.appendingPathComponent("agents.json")
        try Data(
            #"{"agents":[{"id":"sam","name":"Sam","token":"\#(TestServer.samToken)","capacity":1,"destinations":["support"]}]}"#
                .utf8
        ).write(to: agentsFile)
        let arguments = [
            "--database", folder.appendingPathComponent("assist.sqlite").path, "--agents", agentsFile.path,
            "--allow-origin", "ws://127.0.0.1",
        ]
        let first = try await ServerProcess.start(arguments: arguments)
        let port = try #require(URL(string: first.url)?.port)

        let client = try SupportClient(configuration: try Self.configuration(server: first.url), submission: Self.submission)
        let probe = ConsumerClientProbe(client)
        try await client.start()
        let sam = AgentPeer(server: first.url, path: "/v1/agent")
        try await sam.sendHandshake(.hello(AgentHello(token: TestServer.samToken)))
        let samWelcome = try await sam.expect("agent welcome") { if case .welcome(let w) = $0 { w } else { nil } }
        try await sam.send(.acceptNext)
        _ = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
        await client.send("before the crash")
        _ = try await sam.expect("first chat") { if case .chat(_, let m) = $0 { m.text } else { nil } }

        await first.killHard()
        try await probe.waitForConnection("the drop") { $0.contains { if case .disconnected = $0 { true } else { false } } }
        await client.send("while the server was down")
        let samChannel = await sam.channelForResume()

        try await ServerProcess.run(arguments: arguments + ["--port", "\(port)"]) { second in
            #expect(second.url == first.url)
            let resumedSam = AgentPeer(server: second.url, path: "/v1/agent", channel: samChannel)
            try await resumedSam.sendHandshake(
                .resume(ResumeRequest(resumeToken: samWelcome.resumeToken, lastReceivedSeq: samChannel.lastReceivedSeq)))
            try await probe.waitForConnection("the reconnection", timeout: .seconds(40)) { $0.contains { if case .reconnected = $0 { true } else { false } } }
            let held = try await resumedSam.expect("the held message", timeout: .seconds(40)) {
                if case .chat(_, let m) = $0 { m.text } else { nil }
            }
            #expect(held == "while the server was down")
            try await probe.wait("both delivered") { events in
                events.transcript?.entries.map(\.delivery) == [.delivered, .delivered]
            }
            await client.endSupport()
        }
    }
}
